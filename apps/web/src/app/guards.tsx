import { PageSpinner } from '@member-wallet/ui/spinner';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { logout } from '../features/auth/api/logout.ts';
import { isSiteGone } from '../features/site/api/get-active.ts';
import { clearSession, hasToken, isLimitedSession } from '../lib/session.ts';

/**
 * Opening the public shell while a token is stored clears the stored session values (spec section 2). The
 * session is revoked on the server as well, so a forgotten token cannot be used again. `logout()` reads the
 * token before its first await, so it still carries the token that `clearSession()` then forgets; the page
 * does not wait for the answer. It runs once, before the shell's children render and ask for anything.
 */
function forgetStoredSession(): void {
  if (!hasToken()) return;
  const revoked = logout();
  clearSession();
  revoked.catch(() => undefined);
}

export function PublicGuard({ children }: { children: ReactNode }) {
  useState(forgetStoredSession);
  return children;
}

let earlyCheck: Promise<boolean> | undefined;
/** The early check's answer once it has come, so a guard rendered after it starts open (or gone). */
let earlyAnswer: boolean | undefined;
/** How long the first render waits for the early check; past it the guard shows its spinner until the answer. */
const EARLY_CHECK_WAIT_MS = 1_000;

/**
 * Asks whether the site is terminated before React renders /login; the login guard takes the answer. Settles
 * when the answer is in, or after EARLY_CHECK_WAIT_MS, whichever comes first.
 */
export function startSiteCheck(): Promise<unknown> {
  const check = isSiteGone();
  earlyCheck = check;
  void check.then((gone) => {
    if (earlyCheck === check) earlyAnswer = gone;
  });
  return Promise.race([check, new Promise((resolve) => setTimeout(resolve, EARLY_CHECK_WAIT_MS))]);
}

function siteState(gone: boolean | undefined): 'checking' | 'open' | 'gone' {
  if (gone === undefined) return 'checking';
  return gone ? 'gone' : 'open';
}

/**
 * /login asks whether the site is terminated (spec section 2), and otherwise clears any style left on the
 * page. `preload` starts the login screen's chunk at the same time, so the question adds no round trip. The
 * first /login takes the early check's answer, at once when it has already come.
 */
export function LoginGuard({ children, preload }: { children: ReactNode; preload: () => Promise<unknown> }) {
  const [site, setSite] = useState(() => siteState(earlyAnswer));
  useEffect(() => {
    let current = true;
    void preload();
    document.body.removeAttribute('style');
    const check = earlyCheck ?? isSiteGone();
    earlyCheck = undefined;
    earlyAnswer = undefined;
    void check.then((gone) => {
      if (current) setSite(siteState(gone));
    });
    return () => {
      current = false;
    };
  }, [preload]);
  if (site === 'checking') return <PageSpinner />;
  if (site === 'gone') return <Navigate to="/terminated" replace />;
  return children;
}

/** Member pages need a full session: a limited one (a blocked member's sign-in) has only /limited. */
export function RequireSession({ children }: { children: ReactNode }) {
  if (!hasToken()) return <Navigate to="/login" replace />;
  return isLimitedSession() ? <Navigate to="/limited" replace /> : children;
}

/** /limited is for a limited session only: a full one goes to the member pages, none to /login. */
export function RequireLimitedSession({ children }: { children: ReactNode }) {
  if (!hasToken()) return <Navigate to="/login" replace />;
  return isLimitedSession() ? children : <Navigate to="/user" replace />;
}
