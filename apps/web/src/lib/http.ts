import { APP_NAME, APP_NAME_HEADER, IDEMPOTENCY_KEY_HEADER, TIMEOUT_MS } from '@member-wallet/contract/constants';
import { GONE, INVALID_TOKEN } from '@member-wallet/contract/error-codes';
import { i18n } from '../i18n/i18n.ts';
import { env } from './env.ts';
import { navigateTo } from './navigation.ts';
import { clearSession, getToken } from './session.ts';
import { showToast } from './toast-store.ts';

/** Codes the client itself produces when no server answer could be read. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export class ApiError extends Error {
  readonly status: number;
  /** The server's `message` (an error code, `invalid-token`, `gone`) or NETWORK_ERROR. */
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly detail: string | undefined;
  /** True when the client already acted on it (redirected); nothing more should be shown. */
  readonly handled: boolean;

  constructor(init: {
    status: number;
    code: string;
    text: string;
    fields?: Record<string, string>;
    detail?: string;
    handled?: boolean;
  }) {
    super(init.text);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.detail = init.detail;
    this.handled = init.handled ?? false;
  }
}

interface Schema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  schema?: Schema<T>;
  timeoutMs?: number;
  /**
   * Leave the gone / invalid-token / cannot-verify redirects to the caller (route guards that redirect
   * through the router themselves).
   */
  redirects?: boolean;
  /** Sent as `Idempotency-Key` on money actions: one per member action, the same on its retries. */
  idempotencyKey?: string;
  /** Headers of one feature's calls on top of `apiHeaders()`, such as the chat guest token. */
  headers?: Record<string, string>;
}

/** An error code shown translated, or as the raw message when the catalogue has no such code. */
export function translateCode(code: string): string {
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key as 'errors.OK') : code;
}

function cannotVerifyIdentity(text: string): boolean {
  return text === i18n.t('auth.cannotVerifyIdentity');
}

export function apiUrl(path: string): string {
  return new URL(`${env.apiBase}${path}`, window.location.origin).toString();
}

/**
 * What every call carries (spec section 7): the app's name, the reader's language and, with a session, the
 * bearer token. The JSON client and the uploader (upload.ts) both start from these.
 */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    [APP_NAME_HEADER]: APP_NAME,
    Accept: 'application/json',
    'Accept-Language': i18n.language,
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function send(
  path: string,
  method: string,
  body: unknown,
  timeoutMs: number,
  key?: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers = { ...apiHeaders(), ...extra };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (key) headers[IDEMPOTENCY_KEY_HEADER] = key;
  try {
    return await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw networkError();
  }
}

/** An early GET nobody took within this time is dropped: its answer may be out of date by then. */
const EARLY_GET_TTL_MS = 10_000;
/** GETs started before the code that asks for them arrived (startEarlyGet), each taken once by `request`. */
const earlyGets = new Map<string, { token: string | null; language: string; response: Promise<Response> }>();

/**
 * Starts `GET path` now, for the first `request` of that path within EARLY_GET_TTL_MS. The entry calls it for
 * the first screen's data (router.tsx), so the answer travels while the screen's chunks download instead of
 * after them. It carries the session and the language of this moment, and only a request under that same
 * session and language takes it (a member who logged in again, or a page whose language was not yet known,
 * gets a fresh answer).
 */
export function startEarlyGet(path: string): void {
  if (earlyGets.has(path)) return;
  const response = send(path, 'GET', undefined, TIMEOUT_MS.request);
  // A failure is reported to the request that takes it; one that nobody takes is not an error.
  response.catch(() => undefined);
  const early = { token: getToken(), language: i18n.language, response };
  earlyGets.set(path, early);
  setTimeout(() => {
    if (earlyGets.get(path) === early) earlyGets.delete(path);
  }, EARLY_GET_TTL_MS);
}

function takeEarlyGet(path: string): Promise<Response> | undefined {
  const early = earlyGets.get(path);
  earlyGets.delete(path);
  // Answers name things in the request's language (bonuses, wheel slices): one asked for in another language
  // than the page now shows is not taken.
  return early && early.token === getToken() && early.language === i18n.language ? early.response : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
}

function errorFromBody(status: number, body: unknown, redirects: boolean): ApiError {
  const code = messageOf(body) ?? 'INTERNAL_SERVER_ERROR';
  const record = (body ?? {}) as { fields?: Record<string, string>; detail?: string };
  if (code === INVALID_TOKEN) {
    clearSession();
    if (redirects) navigateTo('/login');
    return new ApiError({ status, code, text: translateCode(code), handled: redirects });
  }
  const text = translateCode(code);
  if (cannotVerifyIdentity(text)) {
    clearSession();
    if (redirects) navigateTo('/login');
    return new ApiError({ status, code, text, handled: redirects });
  }
  return new ApiError({ status, code, text, fields: record.fields, detail: record.detail });
}

/**
 * The one way the client talks to the API (spec sections 7 and 8): headers, timeout, the gone and
 * session redirects, and error codes turned into translated `ApiError`s.
 */
export async function request<T>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, timeoutMs = TIMEOUT_MS.request, redirects = true, idempotencyKey } = options;
  const early = method === 'GET' && !options.headers ? takeEarlyGet(path) : undefined;
  const response = await (early ?? send(path, method, body, timeoutMs, idempotencyKey, options.headers));
  return readAnswer(response.status, await readJson(response), { schema, redirects });
}

/**
 * An answer's parsed body, or the `ApiError` it stands for: the error codes, the gone and session redirects
 * and the schema check, for the JSON client and the uploader alike.
 */
export function readAnswer<T>(
  status: number,
  data: unknown,
  { schema, redirects = true }: Pick<RequestOptions<T>, 'schema' | 'redirects'> = {},
): T {
  if (status < 200 || status > 299) throw errorFromBody(status, data, redirects);
  if (messageOf(data) === GONE) {
    if (redirects) navigateTo('/terminated');
    throw new ApiError({ status, code: GONE, text: GONE, handled: redirects });
  }
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch {
    throw new ApiError({ status, code: 'INTERNAL_SERVER_ERROR', text: translateCode('INTERNAL_SERVER_ERROR') });
  }
}

/** The error of a call that got no answer it could read (offline, timed out). */
export function networkError(): ApiError {
  return new ApiError({ status: 0, code: NETWORK_ERROR, text: i18n.t('common.networkError') });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
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
