// Reads the project's own catalogues so tests can assert a translated text without
// copying translations into the tests.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../env';

type Entries = Map<string, string>;
const cache = new Map<string, Entries>();

function parsePo(file: string): Entries {
  const hit = cache.get(file);
  if (hit) return hit;
  const entries: Entries = new Map();
  const text = fs.readFileSync(file, 'utf8');
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const block of text.split(/\n\n+/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block);
    if (!id?.[1] || !str?.[1]) continue;
    const join = (raw: string) => raw.trim().split('\n').map(unquote).join('');
    entries.set(join(id[1]), join(str[1]));
  }
  cache.set(file, entries);
  return entries;
}

const po = (locale: string, pkg: string) => parsePo(path.join(repoRoot, 'locales', locale, `${pkg}.po`));

/** The `locale` translation of an English text of package `pkg`. */
export function tr(locale: string, pkg: string, english: string): string {
  for (const [id, text] of po('en', pkg)) {
    if (text === english) {
      const translated = po(locale, pkg).get(id);
      if (translated) return translated;
    }
  }
  throw new Error(`no ${locale} translation of "${english}" in ${pkg}`);
}
