/**
 * User text on the admin's terminal: every control character (C0, DEL, C1), the Unicode line
 * separators and the bidirectional overrides are made visible as escapes (`\x1b`, `\u{202e}`),
 * so feedback, chat, names or addresses can neither move the cursor, recolour, retitle the
 * terminal, nor fake a line of output. The one helper every admin printer uses.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/gu;

function escape(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** A value of user origin, printable as one field: nothing in it acts on the terminal. */
export function visible(value: unknown): string {
  return String(value ?? '').replace(INVISIBLE, escape);
}

/** A whole output line: like `visible`, but the tabs and newlines the CLI itself lays out stay. */
export function visibleLine(line: string): string {
  return line.replace(INVISIBLE, (char) => (char === '\t' || char === '\n' ? char : escape(char)));
}

/** One tab-separated row of fields, each made visible (a tab or newline inside a field too). */
export function row(fields: ReadonlyArray<unknown>): string {
  return fields.map(visible).join('\t');
}
