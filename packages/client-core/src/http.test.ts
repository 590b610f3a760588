import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, type HttpConfig, isApiError, NETWORK_ERROR } from './http.ts';

const TEXTS: Record<string, string> = {
  'errors.MONEY_NOT_ENOUGH': 'Your balance is not enough.',
  'errors.INTERNAL_SERVER_ERROR': 'Something went wrong.',
  'common.networkError': 'Cannot reach the server.',
};
const i18n = {
  language: 'en',
  exists: (key: string) => key in TEXTS,
  t: (key: string) => TEXTS[key] ?? key,
};

/** The calls `fetch` got, each answered by `answer`. */
function stubFetch(answer: () => Response | Promise<Response> = () => Response.json({ ok: true })) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }),
  );
  return calls;
}

function client<Extra extends object = object>(config: Partial<HttpConfig<Extra>> = {}) {
  return createHttpClient<Extra>({ base: '', timeoutMs: 1_000, token: () => null, i18n, ...config });
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the headers of every call', () => {
  it('carry the app name where the app has one, the language and the bearer token', async () => {
    const calls = stubFetch();
    await client({ appName: 'wallet-user', token: () => 'tok-1' }).request('/api/test');
    expect(calls[0]?.init.headers).toEqual({
      'x-app-name': 'wallet-user',
      Accept: 'application/json',
      'Accept-Language': 'en',
      Authorization: 'Bearer tok-1',
    });
  });

  it('carry neither an app name nor a token when the app has none', async () => {
    const calls = stubFetch();
    await client().request('/api/test');
    expect(calls[0]?.init.headers).toEqual({ Accept: 'application/json', 'Accept-Language': 'en' });
  });
});

describe('a call', () => {
  it('goes to the base and path on the page’s origin, with a time-out', async () => {
    const calls = stubFetch();
    await client({ base: 'https://api.example.test' }).request('/api/test');
    expect(calls[0]?.url).toBe('https://api.example.test/api/test');
    await client().request('/api/test');
    expect(calls[1]?.url).toBe(`${window.location.origin}/api/test`);
    expect(calls[1]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends a body as JSON, form data as it is, and the idempotency key and extra headers', async () => {
    const calls = stubFetch();
    const http = client();
    await http.request('/api/test', { method: 'POST', body: { amount: 10 }, idempotencyKey: 'k-1' });
    expect(calls[0]?.init).toMatchObject({ method: 'POST', body: '{"amount":10}' });
    expect(calls[0]?.init.headers).toMatchObject({ 'Content-Type': 'application/json', 'idempotency-key': 'k-1' });
    const form = new FormData();
    await http.send('/api/upload', { method: 'POST', body: form, headers: { 'x-extra': '1' }, timeoutMs: null });
    expect(calls[1]?.init.body).toBe(form);
    expect(calls[1]?.init.headers).not.toHaveProperty('Content-Type');
    expect(calls[1]?.init.headers).toHaveProperty('x-extra', '1');
    expect(calls[1]?.init.signal).toBeUndefined();
  });

  it('answers the body, checked by the schema', async () => {
    stubFetch(() => Response.json({ n: 1 }));
    const http = client();
    await expect(http.request('/api/test', { schema: { parse: (data) => data as { n: number } } })).resolves.toEqual({
      n: 1,
    });
    const broken = await failure(
      http.request('/api/test', {
        schema: {
          parse: () => {
            throw new Error('bad');
          },
        },
      }),
    );
    expect(broken).toMatchObject({ status: 200, code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong.' });
  });
});

describe('a refusal', () => {
  it('is an ApiError of the body’s code, translated, with its fields and detail', async () => {
    stubFetch(() => Response.json({ message: 'MONEY_NOT_ENOUGH', fields: { amount: 'KEY_INVALID' } }, { status: 400 }));
    const error = await failure(client().request('/api/test'));
    expect(error).toMatchObject({ status: 400, code: 'MONEY_NOT_ENOUGH', message: 'Your balance is not enough.' });
    expect(error.fields).toEqual({ amount: 'KEY_INVALID' });
    expect(error.handled).toBe(false);
  });

  it('carries a limited session of the body, and ignores one of another shape', async () => {
    const session = { token: 'limited-1', expiresAt: '2030-01-01T00:30:00.000Z' };
    stubFetch(() =>
      Response.json({ message: 'TIMED_OUT', detail: '2030-01-02T00:00:00.000Z', session }, { status: 403 }),
    );
    const error = await failure(client().request('/api/login'));
    expect(error).toMatchObject({ status: 403, code: 'TIMED_OUT', detail: '2030-01-02T00:00:00.000Z' });
    expect(error.session).toEqual(session);
    stubFetch(() => Response.json({ message: 'SELF_EXCLUDED', session: { token: 7 } }, { status: 403 }));
    expect((await failure(client().request('/api/login'))).session).toBeUndefined();
  });

  it('shows an unknown code raw, and a body without one as an internal error', async () => {
    stubFetch(() => Response.json({ message: 'SOMETHING_NEW' }, { status: 400 }));
    expect((await failure(client().request('/api/test'))).message).toBe('SOMETHING_NEW');
    stubFetch(() => new Response('<html>', { status: 502 }));
    expect(await failure(client().request('/api/test'))).toMatchObject({
      status: 502,
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Something went wrong.',
    });
  });

  it('goes through the app’s reading first, with the call’s own options', async () => {
    stubFetch(() => Response.json({ message: 'invalid-token' }, { status: 401 }));
    const refused = vi.fn(
      (error: ApiError, { quiet }: { quiet?: boolean }) =>
        new ApiError({ status: error.status, code: error.code, text: 'ended', handled: !quiet }),
    );
    const error = await failure(client({ refused }).request('/api/test', { quiet: true }));
    expect(error).toMatchObject({ code: 'invalid-token', message: 'ended', handled: false });
    expect(refused).toHaveBeenCalledWith(expect.any(ApiError), { quiet: true });
  });
});

describe('the app’s hooks', () => {
  it('read an accepted answer before its schema, and may refuse it', async () => {
    stubFetch(() => Response.json({ message: 'gone' }));
    const accepted = vi.fn((status: number, data: unknown) => {
      if ((data as { message?: string }).message === 'gone') throw new ApiError({ status, code: 'gone', text: 'gone' });
    });
    expect((await failure(client({ accepted }).request('/api/test'))).code).toBe('gone');
  });

  it('take an answer already on its way instead of a new call', async () => {
    const calls = stubFetch();
    const early = Promise.resolve(Response.json({ early: true }));
    const http = client({ reuse: (path) => (path === '/api/early' ? early : undefined) });
    await expect(http.request('/api/early')).resolves.toEqual({ early: true });
    await expect(http.request('/api/other')).resolves.toEqual({ ok: true });
    expect(calls.map((call) => call.url)).toEqual([`${window.location.origin}/api/other`]);
  });
});

describe('a call that gets no answer', () => {
  it('is the translated network error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(client().request('/api/test'));
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR, message: 'Cannot reach the server.' });
  });
});

describe('errorText', () => {
  it('shows an ApiError’s text, and anything else as an internal error', () => {
    const http = client();
    expect(http.errorText(new ApiError({ status: 400, code: 'X', text: 'shown' }))).toBe('shown');
    expect(http.errorText(new Error('boom'))).toBe('Something went wrong.');
    expect(isApiError(new Error('boom'))).toBe(false);
  });
});
