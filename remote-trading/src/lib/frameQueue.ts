// Coalesces bursts of socket messages into one update per animation frame. Every queue of the
// page flushes in the same frame callback, so a quote and a depth tick arriving together cause
// one render, not two.
export interface FrameQueue<T> {
  push: (item: T) => void;
  /** Drops anything queued (on unmount or when the subject changes). */
  cancel: () => void;
}

const due = new Set<() => void>();
let handle: number | ReturnType<typeof setTimeout> | null = null;

function flush(): void {
  handle = null;
  const runs = [...due];
  due.clear();
  for (const run of runs) run();
}

function schedule(run: () => void): void {
  due.add(run);
  if (handle === null)
    handle =
      typeof requestAnimationFrame === 'function' ? requestAnimationFrame(flush) : setTimeout(flush, 16);
}

export function frameQueue<T>(apply: (batch: T[]) => void): FrameQueue<T> {
  let batch: T[] = [];
  const run = () => {
    const items = batch;
    batch = [];
    if (items.length > 0) apply(items);
  };
  return {
    push: (item) => {
      batch.push(item);
      schedule(run);
    },
    cancel: () => {
      due.delete(run);
      batch = [];
    },
  };
}
