// Coalesces a burst of socket messages into one state update per animation frame.
export interface FrameQueue<T> {
  push: (item: T) => void;
  /** Drops anything queued (on unmount or when the subject changes). */
  cancel: () => void;
}

export function frameQueue<T>(apply: (batch: T[]) => void): FrameQueue<T> {
  let batch: T[] = [];
  let handle: number | ReturnType<typeof setTimeout> | null = null;
  const raf = typeof requestAnimationFrame === 'function';
  const run = () => {
    handle = null;
    const items = batch;
    batch = [];
    if (items.length > 0) apply(items);
  };
  return {
    push: (item) => {
      batch.push(item);
      if (handle === null) handle = raf ? requestAnimationFrame(run) : setTimeout(run, 16);
    },
    cancel: () => {
      if (handle !== null) {
        if (raf && typeof handle === 'number') cancelAnimationFrame(handle);
        else clearTimeout(handle);
      }
      handle = null;
      batch = [];
    },
  };
}
