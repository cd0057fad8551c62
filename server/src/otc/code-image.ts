import crypto from 'node:crypto';
import zlib from 'node:zlib';

/**
 * A generated payment-code picture (PNG, 29x29 modules with three finder squares, like a QR code)
 * derived from the payment account text. It is a demo stand-in for a merchant's uploaded QR code:
 * deterministic, made only of the server's own pixels, never user content.
 */
const MODULES = 29;
const SCALE = 8;
const QUIET = 2;

function finder(x: number, y: number, ox: number, oy: number): boolean | undefined {
  const dx = x - ox;
  const dy = y - oy;
  if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return undefined;
  const edge = dx === 0 || dy === 0 || dx === 6 || dy === 6;
  const core = dx >= 2 && dx <= 4 && dy >= 2 && dy <= 4;
  return edge || core;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

export function paymentCodePng(text: string): Buffer {
  const bits: boolean[] = [];
  let seed = crypto.createHash('sha256').update(text, 'utf8').digest();
  while (bits.length < MODULES * MODULES) {
    for (const byte of seed) for (let i = 0; i < 8; i += 1) bits.push(((byte >> i) & 1) === 1);
    seed = crypto.createHash('sha256').update(seed).digest();
  }
  const dark = (x: number, y: number): boolean => {
    const f = finder(x, y, 0, 0) ?? finder(x, y, MODULES - 7, 0) ?? finder(x, y, 0, MODULES - 7);
    if (f !== undefined) return f;
    if ((x <= 7 && y <= 7) || (x >= MODULES - 8 && y <= 7) || (x <= 7 && y >= MODULES - 8)) return false;
    return bits[y * MODULES + x] ?? false;
  };
  const size = (MODULES + 2 * QUIET) * SCALE;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(size + 1, 255);
    row[0] = 0; // filter: none
    const my = Math.floor(py / SCALE) - QUIET;
    for (let px = 0; px < size; px += 1) {
      const mx = Math.floor(px / SCALE) - QUIET;
      if (mx >= 0 && my >= 0 && mx < MODULES && my < MODULES && dark(mx, my)) row[px + 1] = 0;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
