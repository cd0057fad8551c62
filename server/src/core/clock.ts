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

/** ISO 8601 (UTC) text for a stored epoch-ms time: the format of every time the API hands out. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
