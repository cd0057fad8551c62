/**
 * The composition root's record of what it started: each part is registered right after it is
 * built, and `stopAll` stops them newest first (the reverse of the build order), each awaited,
 * so nothing is stopped while something built after it still runs. A part whose stop fails is
 * logged and the rest still stop. Stopping twice is a no-op.
 */
export interface StopLog {
  error(details: { err: unknown; part: string }, message: string): void;
}

export class Lifecycle {
  private readonly parts: Array<{ name: string; stop: () => unknown }> = [];
  private stopping: Promise<void> | undefined;

  constructor(private readonly log?: StopLog) {}

  /** Records a part that is now running; `stop` runs when the app stops. */
  started(name: string, stop: () => unknown): void {
    if (this.stopping) throw new Error(`Lifecycle: "${name}" started while the app stops`);
    this.parts.push({ name, stop });
  }

  /** The parts in build order (for tests and logs). */
  get names(): string[] {
    return this.parts.map((part) => part.name);
  }

  stopAll(): Promise<void> {
    this.stopping ??= (async () => {
      for (const part of [...this.parts].reverse()) {
        try {
          await part.stop();
        } catch (error) {
          this.log?.error({ err: error, part: part.name }, 'stopping a part failed');
        }
      }
    })();
    return this.stopping;
  }
}
