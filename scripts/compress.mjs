#!/usr/bin/env node
// Compression done once at build time, not per request: beside every compressible file of a
// built app (JS, JSON, HTML, CSS, SVG over 1 KiB; not source maps) a brotli (quality 11) and a
// gzip (level 9) copy, `<file>.br` and `<file>.gz`. scripts/serve.mjs sends them when the browser
// accepts them; a CDN or any static host can do the same.
//
//   node scripts/compress.mjs <dist folder> ...
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.json', '.html', '.css', '.svg']);

/** Writes the .br and .gz copies of every compressible file under `dir`; returns their count. */
export function compressDir(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const raw = fs.readFileSync(file);
    if (raw.length <= 1024) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
    count += 1;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const dir of process.argv.slice(2)) console.log(`${dir}: ${compressDir(dir)} files compressed`);
}
