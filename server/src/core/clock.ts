/** The one source of time for the server, so tests can move it. Milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock for tests: starts at the real time (or `start`) and only moves when told to. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: number = Date.now()) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  set(ms: number): void {
    this.current = ms;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  advanceSeconds(seconds: number): void {
    this.current += seconds * 1000;
  }
}

let lastMs = Number.NaN;
let lastIso = '';

/**
 * ISO 8601 (UTC) text for a stored epoch-ms time: the format of every time the API hands out.
 * The last one is kept: the rows of one answer (and the orders of one commit batch) mostly share
 * their millisecond, so most calls allocate no Date.
 */
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}
