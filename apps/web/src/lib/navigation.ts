/**
 * The HTTP client must be able to send the visitor to /login or /terminated, but it lives below the
 * router. The app registers the router's navigate here once the router exists.
 *
 * A call refused before then (the first screen's early GET, router.tsx) is not a page load: that would drop
 * what the client has just raised (the "session ended" toast) and fetch the app again. The last path asked
 * for waits, and the router goes there as it mounts.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate | undefined;
let pending: string | undefined;

export function setNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
  const path = pending;
  pending = undefined;
  if (path !== undefined) navigate(path);
}

export function navigateTo(path: string): void {
  if (navigateImpl) navigateImpl(path);
  else pending = path;
}
