import { INVALID_TOKEN } from '@member-wallet/contract/error-codes';
import { i18n } from '../i18n/i18n.ts';
import { clearToken, getToken } from './session.ts';

/** The code the client itself gives a call that got no answer it could read (offline, timed out). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
const TIMEOUT_MS = 20_000;

export class ApiError extends Error {
  readonly status: number;
  /** The server's `message` (an error code or `invalid-token`) or NETWORK_ERROR. */
  readonly code: string;

  constructor(status: number, code: string, text: string) {
    super(text);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface Schema<T> {
  parse(data: unknown): T;
}

/** An error code shown translated, or as the raw code when the catalogue has no text for it. */
export function translateCode(code: string): string {
  const key = `errors.${code}`;
  return i18n.exists(key) ? i18n.t(key as 'errors.NO_DATA') : code;
}

/** The headers of every call: the reader's language and, once signed in, the operator's token. */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export async function readJson(response: Response): Promise<unknown> {
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

/** The error a refusal stands for. An ended session (`invalid-token`) also drops the token. */
export function errorFromAnswer(status: number, data: unknown): ApiError {
  const code = messageOf(data) ?? 'INTERNAL_SERVER_ERROR';
  if (code === INVALID_TOKEN) clearToken();
  return new ApiError(status, code, translateCode(code));
}

/**
 * The one way the app talks to the back-office API: headers, time-out, error codes turned into translated
 * `ApiError`s. An ended session (`invalid-token`) drops the token, which sends the app back to sign-in.
 */
export async function request<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; schema?: Schema<T> } = {},
): Promise<T> {
  const { method = 'GET', body, schema } = options;
  const headers = apiHeaders();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, i18n.t('common.networkError'));
  }
  const data = await readJson(response);
  if (!response.ok) throw errorFromAnswer(response.status, data);
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch {
    throw new ApiError(response.status, 'INTERNAL_SERVER_ERROR', translateCode('INTERNAL_SERVER_ERROR'));
  }
}

/** The text to show for a failed call. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : translateCode('INTERNAL_SERVER_ERROR');
}
