/**
 * The HTTP client of both React apps, made for one app by `createHttpClient`: JSON over fetch with a time-out,
 * the headers of every call (the app's name where its API asks for it, the reader's language, the bearer
 * token), and answers read the API's way: a refusal's body is `{ message }` (an error code, shown translated
 * through the `errors.*` catalogue keys) and becomes an `ApiError`. What an app does on top (an ended session,
 * a closed site) it hands in as `refused` and `accepted`.
 */
import { APP_NAME_HEADER, IDEMPOTENCY_KEY_HEADER } from '@member-wallet/contract/constants';

/** The code the client itself gives a call that got no answer it could read (offline, timed out). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
const INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR';

/** The session a refusal's body may carry (`session: { token, expiresAt }`). */
export interface ApiErrorSession {
  readonly token: string;
  readonly expiresAt: string;
}

/** The body's `session` when it has the expected shape; anything else is ignored. */
function sessionOf(body: unknown): ApiErrorSession | undefined {
  const session = (body as { session?: Partial<ApiErrorSession> } | null)?.session;
  return typeof session?.token === 'string' && typeof session.expiresAt === 'string'
    ? { token: session.token, expiresAt: session.expiresAt }
    : undefined;
}

export class ApiError extends Error {
  readonly status: number;
  /** The server's `message` (an error code, `invalid-token`, `gone`) or NETWORK_ERROR. */
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly detail: string | undefined;
  /**
   * A limited session a refusal may carry (a sign-in refused for a time-out or self-exclusion): its token reaches
   * only the few calls the API lists for it.
   */
  readonly session: ApiErrorSession | undefined;
  /** True when the client already acted on it (redirected); nothing more should be shown. */
  readonly handled: boolean;

  constructor(init: {
    status: number;
    code: string;
    text: string;
    fields?: Record<string, string>;
    detail?: string;
    session?: ApiErrorSession;
    handled?: boolean;
  }) {
    super(init.text);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.detail = init.detail;
    this.session = init.session;
    this.handled = init.handled ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface Schema<T> {
  parse(data: unknown): T;
}

/** What the client needs of the app's translation runtime. */
export interface HttpTexts {
  readonly language: string;
  exists(key: string): boolean;
  t(key: string): string;
}

export interface HttpConfig<Extra> {
  /** Put before every path: empty for the page's own origin. */
  base: string;
  /** Sent as `x-app-name`, which the member API's gate asks for; the operators' API does not. */
  appName?: string;
  timeoutMs: number;
  /** The session's bearer token, if any. */
  token(): string | null;
  i18n: HttpTexts;
  /**
   * The language the answers are asked in (`Accept-Language`), if not `i18n.language`: the member app asks in
   * the language it is switching to, so that what a first page fetches while its texts download is in the
   * language its queries are keyed by.
   */
  language?(): string;
  /** The app's reading of a refusal (an ended session): the error to throw instead. */
  refused?(error: ApiError, options: Extra): ApiError;
  /** The app's reading of an accepted answer before its schema check (a closed site); throws to refuse it. */
  accepted?(status: number, data: unknown, options: Extra): void;
  /** An answer already on its way for this call (the member app's early GETs), taken instead of a new call. */
  reuse?(path: string, options: RequestOptions<unknown> & Extra): Promise<Response> | undefined;
}

export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; form data (an upload) as it is. */
  body?: unknown;
  /** The app's time-out unless told otherwise; null: none. */
  timeoutMs?: number | null;
  /** Sent as `Idempotency-Key` on money actions: one per action, the same on its retries. */
  idempotencyKey?: string;
  /** Headers of one call on top of the app's. */
  headers?: Record<string, string>;
}

export interface RequestOptions<T> extends SendOptions {
  schema?: Schema<T>;
}

/** The body's `message`, the API's error code. */
export function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') return body.message;
  return undefined;
}

export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The client of one app; `Extra` is the app's own request options, handed to its hooks. */
export function createHttpClient<Extra extends object = object>(config: HttpConfig<Extra>) {
  const { i18n } = config;

  /** An error code shown translated, or as the raw code when the catalogue has no text for it. */
  function translateCode(code: string): string {
    const key = `errors.${code}`;
    return i18n.exists(key) ? i18n.t(key) : code;
  }

  /** The error of a call that got no answer it could read (offline, timed out). */
  function networkError(): ApiError {
    return new ApiError({ status: 0, code: NETWORK_ERROR, text: i18n.t('common.networkError') });
  }

  /** The text to show for a failed call. */
  function errorText(error: unknown): string {
    return isApiError(error) ? error.message : translateCode(INTERNAL_SERVER_ERROR);
  }

  function apiUrl(path: string): string {
    return new URL(`${config.base}${path}`, window.location.origin).toString();
  }

  /** What every call carries: the app's name (where its API asks), the reader's language and the token. */
  function apiHeaders(): Record<string, string> {
    const headers: Record<string, string> = config.appName ? { [APP_NAME_HEADER]: config.appName } : {};
    headers.Accept = 'application/json';
    headers['Accept-Language'] = config.language?.() ?? i18n.language;
    const token = config.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    return headers;
  }

  /** One call, its answer unread; a call that gets no answer throws the network error. */
  async function send(path: string, options: SendOptions = {}): Promise<Response> {
    const { method = 'GET', body, timeoutMs = config.timeoutMs, idempotencyKey } = options;
    const headers = { ...apiHeaders(), ...options.headers };
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = idempotencyKey;
    try {
      return await fetch(apiUrl(path), {
        method,
        headers,
        body: body === undefined || form ? body : JSON.stringify(body),
        signal: timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw networkError();
    }
  }

  /** The error a refusal stands for, as the app reads it. */
  function errorFromAnswer(status: number, data: unknown, options = {} as Extra): ApiError {
    const code = messageOf(data) ?? INTERNAL_SERVER_ERROR;
    const { fields, detail } = (data ?? {}) as { fields?: Record<string, string>; detail?: string };
    const session = sessionOf(data);
    const error = new ApiError({ status, code, text: translateCode(code), fields, detail, session });
    return config.refused ? config.refused(error, options) : error;
  }

  /** An answer's parsed body, or the `ApiError` it stands for: refusals, the app's checks, the schema. */
  function readAnswer<T>(status: number, data: unknown, options = {} as Pick<RequestOptions<T>, 'schema'> & Extra): T {
    if (status < 200 || status > 299) throw errorFromAnswer(status, data, options);
    config.accepted?.(status, data, options);
    if (!options.schema) return data as T;
    try {
      return options.schema.parse(data);
    } catch {
      throw new ApiError({ status, code: INTERNAL_SERVER_ERROR, text: translateCode(INTERNAL_SERVER_ERROR) });
    }
  }

  /** The one way the app talks to its API: a JSON call and its answer, read as `readAnswer` does. */
  async function request<T>(path: string, options = {} as RequestOptions<T> & Extra): Promise<T> {
    const response = await (config.reuse?.(path, options) ?? send(path, options));
    return readAnswer(response.status, await readJson(response), options);
  }

  return { translateCode, networkError, errorText, apiUrl, apiHeaders, send, errorFromAnswer, readAnswer, request };
}
