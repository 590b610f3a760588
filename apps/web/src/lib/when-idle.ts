/** Without requestIdleCallback (Safari), what waits for an idle page runs this long after the page loaded. */
const IDLE_FALLBACK_MS = 1_000;

/**
 * Runs `action` once the page has loaded and the browser is idle, so what loads late (the chat widget, the live
 * events) never delays a first render. Answers the function that cancels it.
 */
export function whenIdle(action: () => void): () => void {
  let cancel: () => void = () => undefined;
  const schedule = () => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(action);
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(action, IDLE_FALLBACK_MS);
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}
