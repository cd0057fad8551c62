// Coalesces bursts of socket messages into one update per animation frame. Every queue of the
// page flushes in the same frame callback (a quote and a depth tick arriving together cost one
// render, not two), each batch applied as a transition: React renders the state updates in
// slices that yield to the browser (no long task per frame).
import { startTransition } from 'react';

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

/** `apply` receives what was pushed since the last frame, oldest first. */
export function frameQueue<T>(apply: (batch: T[]) => void): FrameQueue<T> {
  let batch: T[] = [];
  const run = () => {
    const items = batch;
    batch = [];
    if (items.length > 0) startTransition(() => apply(items));
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
