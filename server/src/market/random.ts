/**
 * Deterministic randomness for the simulation: a small seeded generator (sfc32) and a counter-based
 * hash (for values that must not depend on how often the feed's timer fired).
 */

// Module-level references: inside Jest's VM context every global `Math` lookup is slow.
const { cos, floor, imul, log, sin, sqrt, PI } = Math;

function mix(h: number, part: number): number {
  let x = imul(h ^ part, 0x85ebca6b);
  x ^= x >>> 13;
  x = imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}

/** A 32-bit mix of any number of integers (murmur3 finaliser over a running hash). */
export function hash32(...values: number[]): number {
  let h = 0x9e3779b9;
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i] as number;
    // Split doubles above 2^32 so slot numbers and epoch times mix fully.
    h = mix(h, value >>> 0);
    h = mix(h, floor(value / 4294967296) >>> 0);
  }
  return h >>> 0;
}

/** A uniform number in [0, 1) from integers. */
export function hashUniform(...values: number[]): number {
  return hash32(...values) / 4294967296;
}

/** Seeded generator: uniform() in [0, 1), normal() standard normal. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spare: number | undefined;

  constructor(...seed: number[]) {
    this.a = hash32(...seed, 1);
    this.b = hash32(...seed, 2);
    this.c = hash32(...seed, 3);
    this.d = hash32(...seed, 4);
    for (let i = 0; i < 12; i += 1) this.next();
  }

  /** sfc32 */
  private next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  uniform(): number {
    return this.next() / 4294967296;
  }

  /** Box-Muller, caching the second value. */
  normal(): number {
    if (this.spare !== undefined) {
      const value = this.spare;
      this.spare = undefined;
      return value;
    }
    let u = 0;
    while (u <= 1e-12) u = this.uniform();
    const v = this.uniform();
    const r = sqrt(-2 * log(u));
    this.spare = r * sin(2 * PI * v);
    return r * cos(2 * PI * v);
  }
}
