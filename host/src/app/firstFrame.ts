/**
 * The static first frame of /quotes or /trade (scripts/index.html: `#ff`, over the page, picked
 * by its inline script, which marks the route on `<html data-ff>`) stays until the app shows
 * what it stands for, so the screen goes from the frame to the page without an empty step: it is
 * removed in the same task as the commit that puts a page's `main` in the root (the route's page,
 * or its error screen), or as soon as the address is another one (a redirect, say to /login).
 * The home page's frame is inside the root: React's first render replaces it.
 */
export function releaseFirstFrame(root: HTMLElement): void {
  const frame = document.getElementById('ff');
  if (!frame) return;
  const route = document.documentElement.dataset.ff;
  const release = () => frame.remove();
  if (route !== 'quotes' && route !== 'trade') return release();
  const path = window.location.pathname;
  const shown = () => root.querySelector('main') !== null || window.location.pathname !== path;
  if (shown()) return release();
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    release();
  });
  observer.observe(root, { childList: true, subtree: true });
}
