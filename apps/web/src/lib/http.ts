import {
  ApiError,
  type RequestOptions as CoreRequestOptions,
  createHttpClient,
  isApiError,
  messageOf,
} from '@member-wallet/client-core/http';
import { APP_NAME, TIMEOUT_MS } from '@member-wallet/contract/constants';
import { GONE, INVALID_TOKEN } from '@member-wallet/contract/error-codes';
import { i18n, requestedLocale } from '../i18n/i18n.ts';
import { env } from './env.ts';
import { navigateTo } from './navigation.ts';
import { clearSession, getToken } from './session.ts';
import { showToast } from './toast-store.ts';

export { ApiError, isApiError, NETWORK_ERROR } from '@member-wallet/client-core/http';

interface MemberOptions {
  /**
   * Leave the gone / invalid-token / cannot-verify redirects to the caller (route guards that redirect
   * through the router themselves).
   */
  redirects?: boolean;
}

export type RequestOptions<T> = CoreRequestOptions<T> & MemberOptions;

/** An early GET nobody took within this time is dropped: its answer may be out of date by then. */
const EARLY_GET_TTL_MS = 10_000;
/** GETs started before the code that asks for them arrived (startEarlyGet), each taken once by `request`. */
const earlyGets = new Map<string, { token: string | null; language: string; response: Promise<Response> }>();

function takeEarlyGet(path: string): Promise<Response> | undefined {
  const early = earlyGets.get(path);
  earlyGets.delete(path);
  // Answers name things in the request's language (bonuses, wheel slices): one asked for in another language
  // than the page shows (or is switching to, its texts still on their way) is not taken.
  return early && early.token === getToken() && early.language === requestedLocale() ? early.response : undefined;
}

/**
 * The one way the member app talks to the API (spec sections 7 and 8): client-core's client with the app's
 * name, the member's token, the 60 s time-out, and the member app's own readings of an answer: `gone` ->
 * /terminated, `invalid-token` and "cannot verify identity" -> /login.
 */
const client = createHttpClient<MemberOptions>({
  base: env.apiBase,
  appName: APP_NAME,
  timeoutMs: TIMEOUT_MS.request,
  token: getToken,
  i18n,
  language: requestedLocale,
  refused(error, { redirects = true }) {
    if (error.code !== INVALID_TOKEN && error.message !== i18n.t('auth.cannotVerifyIdentity')) return error;
    // The member is told why they are back at /login, once: the first refused call finds the token still there.
    // By its key: an early GET may be refused before the page's language has its texts.
    if (getToken() !== null) showToast('error', { key: 'auth.sessionEnded' });
    clearSession();
    if (redirects) navigateTo('/login');
    return new ApiError({ status: error.status, code: error.code, text: error.message, handled: redirects });
  },
  accepted(status, data, { redirects = true }) {
    if (messageOf(data) !== GONE) return;
    if (redirects) navigateTo('/terminated');
    throw new ApiError({ status, code: GONE, text: GONE, handled: redirects });
  },
  reuse: (path, options) => ((options.method ?? 'GET') === 'GET' && !options.headers ? takeEarlyGet(path) : undefined),
});

/**
 * The JSON client and the uploader (upload.ts) share the headers (spec section 7: the app's name, the
 * reader's language and, with a session, the bearer token) and the reading of an answer (`readAnswer`).
 */
export const { translateCode, apiUrl, apiHeaders, networkError, readAnswer, request } = client;

/**
 * Starts `GET path` now, for the first `request` of that path within EARLY_GET_TTL_MS. The entry calls it for
 * the first screen's data (router.tsx), so the answer travels while the screen's chunks download instead of
 * after them. It carries the session and the language of this moment, and only a request under that same
 * session and language takes it (a member who logged in again, or a page whose language was not yet known,
 * gets a fresh answer).
 */
export function startEarlyGet(path: string): void {
  if (earlyGets.has(path)) return;
  // The entry starts it while the reader's language may still be downloading: like every call, it asks in
  // that language (`language` above).
  const language = requestedLocale();
  const response = client.send(path);
  // A failure is reported to the request that takes it; one that nobody takes is not an error.
  response.catch(() => undefined);
  const early = { token: getToken(), language, response };
  earlyGets.set(path, early);
  setTimeout(() => {
    if (earlyGets.get(path) === early) earlyGets.delete(path);
  }, EARLY_GET_TTL_MS);
}

/** Shows an error as a red toast unless the client already acted on it. */
export function toastError(error: unknown): void {
  if (isApiError(error)) {
    if (!error.handled) showToast('error', error.message);
    return;
  }
  console.error(error);
  showToast('error', translateCode('INTERNAL_SERVER_ERROR'));
}
