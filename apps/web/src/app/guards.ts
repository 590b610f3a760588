import { redirect } from 'react-router';
import { logout } from '../features/auth/api/logout.ts';
import { clearSession, hasToken } from '../lib/session.ts';

/**
 * Opening the public shell while a token is stored clears the stored session values (spec section 2). The
 * session is revoked on the server as well, so a forgotten token cannot be used again. `logout()` reads the
 * token before its first await, so it still carries the token that `clearSession()` then forgets; the page
 * does not wait for the answer.
 */
export function publicShellLoader() {
  if (hasToken()) {
    const revoked = logout();
    clearSession();
    revoked.catch(() => undefined);
  }
  return null;
}

/** /login asks whether the site is terminated, and otherwise clears any style left on the page. */
export async function loginGuard() {
  // Loaded on demand so that the schema library stays out of the entry chunk.
  const { isSiteGone } = await import('../features/site/api/get-active.ts');
  if (await isSiteGone()) throw redirect('/terminated');
  document.body.removeAttribute('style');
  return null;
}

export function requireSession() {
  if (!hasToken()) throw redirect('/login');
  return null;
}
