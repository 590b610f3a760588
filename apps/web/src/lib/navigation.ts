/**
 * The HTTP client must be able to send the visitor to /login or /terminated, but it lives below the
 * router. The app registers the router's navigate here once the router exists.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function setNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
