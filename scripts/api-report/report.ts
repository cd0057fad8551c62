/**
 * The public surface of the packages the host shares with every remote (`@app/shared`, which
 * bundles `@app/contract`), and the rule that keeps their versions honest. Module Federation
 * composes a remote only when the host's version satisfies the remote's `requiredVersion`
 * (`^<version it was built with>`), so a version that never moves makes that check blind:
 * a surface that changed must come with a higher version (0.x: a minor step when something was
 * removed or changed, a patch step when something was only added), recorded in the package's
 * `api-report.txt`.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { z } from 'zod';

const root = path.resolve(__dirname, '../..');

/** The contract as the wire sees it: every route, channel and error code, one line each. */
export async function contractSurface(): Promise<string[]> {
  const contract = await import('../../contract/src/index');
  const schema = (s: z.ZodType | null | undefined, io: 'input' | 'output') =>
    s ? JSON.stringify(z.toJSONSchema(s, { io, unrepresentable: 'any', reused: 'inline' })) : '-';
  const lines: string[] = [];
  for (const [key, spec] of Object.entries(contract.ROUTES) as Array<[string, contractRoute]>) {
    lines.push(
      `route ${key} auth=${spec.auth}${spec.envelope === false ? ' bare' : ''}` +
        ` request=${schema(spec.request, 'input')} params=${schema(spec.params, 'input')}` +
        ` answer=${schema(spec.answer, 'output')}`,
    );
  }
  for (const [name, payload] of Object.entries(contract.CHANNEL_PAYLOADS)) {
    lines.push(`channel ${name} ${schema(payload, 'output')}`);
  }
  for (const [name, payload] of Object.entries(contract.CLIENT_CHANNEL_PAYLOADS)) {
    lines.push(`client channel ${name} ${schema(payload, 'output')}`);
  }
  for (const [code, spec] of Object.entries(contract.ERRORS)) {
    lines.push(`error ${code} ${JSON.stringify(spec)}`);
  }
  return lines.sort();
}

type contractRoute = {
  auth: string;
  envelope?: false;
  request?: z.ZodType;
  params?: z.ZodType;
  answer: z.ZodType | null;
};

/** `@app/shared`'s entry: each export with its type (an interface or alias with its members). */
export function sharedSurface(): string[] {
  const entry = path.join(root, 'shared/src/index.ts');
  const configFile = path.join(root, 'shared/tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configFile}`);
  const program = ts.createProgram([entry], config.options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`cannot read the exports of ${entry}`);
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType;
  // Types from other files print as import("<absolute path>"): paths are made relative to the
  // repository, and a package's to its name (pnpm's store folder names its peers), so the report
  // is the same on every machine. Well-known symbols print with the checker's own counter
  // (`__@iterator@87`): only the name stays.
  const relative = (t: string) =>
    t
      .split(`${root}/`)
      .join('')
      .replace(/(?:node_modules\/\.pnpm\/[^/"]+\/)?node_modules\//g, '')
      .replace(/__@(\w+)@\d+/g, '[Symbol.$1]');
  const text = (type: ts.Type) => relative(checker.typeToString(type, undefined, flags));
  const lines: string[] = [];
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = exported.getName();
    if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class)) {
      const declared = checker.getDeclaredTypeOfSymbol(symbol);
      if (symbol.flags & ts.SymbolFlags.TypeAlias) {
        const shape = checker.typeToString(declared, undefined, flags | ts.TypeFormatFlags.InTypeAlias);
        lines.push(`type ${name} = ${relative(shape)}`);
      } else {
        const members = declared.getProperties().map((p) => {
          const optional = p.flags & ts.SymbolFlags.Optional ? '?' : '';
          return `${p.getName()}${optional}: ${text(checker.getTypeOfSymbol(p))}`;
        });
        lines.push(`type ${name} { ${members.sort().join('; ')} }`);
      }
    }
    if (symbol.flags & ts.SymbolFlags.Value) {
      lines.push(`value ${name}: ${text(checker.getTypeOfSymbol(symbol))}`);
    }
  }
  return lines.sort();
}

interface Version {
  major: number;
  minor: number;
  patch: number;
}

function parseVersion(text: string): Version {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (!match) throw new Error(`not a plain version: ${text}`);
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

const format = (v: Version) => `${v.major}.${v.minor}.${v.patch}`;
const compare = (a: Version, b: Version) => a.major - b.major || a.minor - b.minor || a.patch - b.patch;

/** The lowest version a change of the surface needs, from the recorded one (semver, 0.x shifted). */
export function requiredVersion(recorded: string, removed: number, added: number): string {
  const v = parseVersion(recorded);
  if (removed === 0 && added === 0) return recorded;
  const breaking = removed > 0;
  if (v.major === 0) {
    return breaking
      ? format({ major: 0, minor: v.minor + 1, patch: 0 })
      : format({ ...v, patch: v.patch + 1 });
  }
  return breaking
    ? format({ major: v.major + 1, minor: 0, patch: 0 })
    : format({ ...v, minor: v.minor + 1, patch: 0 });
}

export interface ReportCheck {
  /** The package folder under the repository (`shared`, `contract`). */
  dir: string;
  surface: string[];
  /** Write the report when the version allows the change (UPDATE_API_REPORT=1). */
  update: boolean;
}

/** Compares the surface with the recorded report; throws what to do when they differ. */
export function checkReport({ dir, surface, update }: ReportCheck): void {
  const pkgFile = path.join(root, dir, 'package.json');
  const reportFile = path.join(root, dir, 'api-report.txt');
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as { name: string; version: string };
  const recorded = fs.existsSync(reportFile) ? fs.readFileSync(reportFile, 'utf8').split('\n') : [];
  const header = /^(\S+) (\d+\.\d+\.\d+)$/.exec(recorded[0] ?? '');
  const recordedVersion = header?.[2] ?? pkg.version;
  const before = new Set(recorded.slice(1).filter(Boolean));
  const after = new Set(surface);
  const removed = [...before].filter((line) => !after.has(line));
  const added = [...after].filter((line) => !before.has(line));
  // No report yet: the first one records the surface as it is, at the version it has.
  const needed = header ? requiredVersion(recordedVersion, removed.length, added.length) : pkg.version;
  const write = () => fs.writeFileSync(reportFile, [`${pkg.name} ${pkg.version}`, ...surface, ''].join('\n'));
  const rerun = `UPDATE_API_REPORT=1 pnpm exec jest scripts/api-report`;
  if (compare(parseVersion(pkg.version), parseVersion(needed)) < 0) {
    const sample = [...removed.map((l) => `- ${l}`), ...added.map((l) => `+ ${l}`)]
      .slice(0, 6)
      .map((l) => (l.length > 200 ? `${l.slice(0, 200)}…` : l));
    throw new Error(
      `${pkg.name}'s public surface changed (${removed.length} removed or changed, ${added.length} added) ` +
        `but its version is still ${pkg.version}: set at least ${needed} in ${dir}/package.json, then ${rerun}.\n` +
        sample.join('\n'),
    );
  }
  const same = removed.length === 0 && added.length === 0 && header?.[2] === pkg.version;
  if (same) return;
  if (update) return write();
  throw new Error(
    `${dir}/api-report.txt is not up to date with ${pkg.name} ${pkg.version}: ${rerun}, and commit it.`,
  );
}
