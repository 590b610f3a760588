import { ENROLMENT_TOKEN } from '@member-wallet/contract/backoffice/operator-accounts';

/** The token of an enrolment link (`/backoffice/enrol#<token>`) from the address's fragment; null when malformed. */
export function tokenFromHash(hash: string): string | null {
  const token = hash.startsWith('#') ? hash.slice(1) : hash;
  return ENROLMENT_TOKEN.test(token) ? token : null;
}

/** The address without its fragment, so that the token is left neither in the address bar nor in the history. */
export function forgetHash(): void {
  if (!window.location.hash) return;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/** Groups a base32 secret in fours for typing in by hand: `ABCD EFGH IJ`. */
export function groupInFours(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}
