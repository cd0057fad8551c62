/**
 * A trading screen's module, handed over a task after its chunks have been evaluated. Webpack
 * evaluates a chunk's modules in the task its script arrived in; without the hand-over, React's
 * render of the screen followed in that same task (one long task of the evaluation and the
 * render under a phone's CPU). The load is shared: the page's early request and React.lazy wait
 * for the same one, and a failed load may be asked again.
 */
export function screenLoader<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().then(
      (module) => new Promise<T>((resolve) => setTimeout(() => resolve(module), 0)),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
}
