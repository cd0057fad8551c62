/** The next task: a module's evaluation before it is not in the same long task as what follows. */
const nextTask = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));

/**
 * A trading screen's module, handed over a task after its chunks have been evaluated. Webpack
 * evaluates a chunk's modules in the task its script arrived in; without the hand-over, React's
 * render of the screen followed in that same task (one long task of the evaluation and the
 * render under a phone's CPU). `before` (the MUI controls the screen uses) is loaded and evaluated
 * first, a task of its own: with the screen's modules, MUI's component modules made one task of
 * over 100 ms at 4x. The load is shared: the page's early request and React.lazy wait for the
 * same one, and a failed load may be asked again.
 */
export function screenLoader<T>(load: () => Promise<T>, before?: () => Promise<unknown>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= (before ? before().then(nextTask).then(load) : load()).then(nextTask, (error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
