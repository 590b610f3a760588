import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server.ts';
import { changeLocale, currentLocale } from '../i18n/i18n.ts';
import { ApiError, request, startEarlyGet } from './http.ts';
import { setNavigate } from './navigation.ts';
import { clearSession, getToken, storeToken } from './session.ts';

const navigate = vi.fn();

beforeEach(() => {
  navigate.mockReset();
  setNavigate(navigate);
});

function answer(status: number, body: Record<string, unknown>) {
  server.use(http.get('*/api/test', () => HttpResponse.json(body as Record<string, string>, { status })));
}

/** The Accept-Language of each GET of `path`, answered with its count. */
function languagesAsked(path: string): (string | null)[] {
  const languages: (string | null)[] = [];
  server.use(
    http.get(`*${path}`, ({ request: incoming }) => {
      languages.push(incoming.headers.get('accept-language'));
      return HttpResponse.json({ call: languages.length });
    }),
  );
  return languages;
}

async function failure(): Promise<ApiError> {
  const error = await request('/api/test').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('http client', () => {
  it('sends the app name, the locale and the bearer token', async () => {
    storeToken('tok-1', true);
    let headers: Headers | undefined;
    server.use(
      http.get('*/api/test', ({ request: incoming }) => {
        headers = incoming.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(request('/api/test')).resolves.toEqual({ ok: true });
    expect(headers?.get('x-app-name')).toBe('wallet-user');
    expect(headers?.get('accept-language')).toBe('en');
    expect(headers?.get('authorization')).toBe('Bearer tok-1');
  });

  it("adds a feature's own headers, and such a call never takes an early GET made without them", async () => {
    let calls = 0;
    let guest: string | null = null;
    server.use(
      http.get('*/api/early-chat', ({ request: incoming }) => {
        calls += 1;
        guest = incoming.headers.get('x-chat-guest');
        return HttpResponse.json({ call: calls });
      }),
    );
    startEarlyGet('/api/early-chat');
    await expect(request('/api/early-chat', { headers: { 'x-chat-guest': 'g-1' } })).resolves.toEqual({ call: 2 });
    expect(guest).toBe('g-1');
    await expect(request('/api/early-chat')).resolves.toEqual({ call: 1 });
  });

  it('goes to /terminated on a success body saying gone', async () => {
    answer(200, { message: 'gone' });
    expect((await failure()).handled).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/terminated');
  });

  it('drops the session and goes to /login on invalid-token', async () => {
    storeToken('tok-1', false);
    answer(401, { message: 'invalid-token' });
    await failure();
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('goes to /login when the translated text reads cannot verify identity', async () => {
    storeToken('tok-1', true);
    answer(403, { message: 'INVALID_USER_3' });
    expect((await failure()).handled).toBe(true);
    expect(getToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('translates a known code', async () => {
    answer(400, { message: 'MONEY_NOT_ENOUGH', fields: { amount: 'KEY_INVALID' } });
    const error = await failure();
    expect(error.message).toBe('Your balance is not enough.');
    expect(error.code).toBe('MONEY_NOT_ENOUGH');
    expect(error.fields).toEqual({ amount: 'KEY_INVALID' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows an unknown code raw', async () => {
    answer(400, { message: 'SOMETHING_NEW' });
    expect((await failure()).message).toBe('SOMETHING_NEW');
  });

  it('turns a network failure into a translated error', async () => {
    server.use(http.get('*/api/test', () => HttpResponse.error()));
    const error = await failure();
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/Cannot reach the server/);
  });

  it('answers the first GET of a path with the one started early, and only the first', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/early', () => {
        calls += 1;
        return HttpResponse.json({ call: calls });
      }),
    );
    startEarlyGet('/api/early');
    startEarlyGet('/api/early');
    await expect(request('/api/early')).resolves.toEqual({ call: 1 });
    await expect(request('/api/early')).resolves.toEqual({ call: 2 });
    expect(calls).toBe(2);
  });

  it('does not hand an early GET to a request under another session', async () => {
    const tokens: (string | null)[] = [];
    server.use(
      http.get('*/api/mine', ({ request: incoming }) => {
        tokens.push(incoming.headers.get('authorization'));
        return HttpResponse.json({ call: tokens.length });
      }),
    );
    storeToken('expired-token', false);
    startEarlyGet('/api/mine');
    storeToken('new-token', false);
    await expect(request('/api/mine')).resolves.toEqual({ call: 2 });
    expect(tokens).toEqual(['Bearer expired-token', 'Bearer new-token']);
    clearSession();
  });

  it('does not hand an early GET to a request in another language', async () => {
    const languages = languagesAsked('/api/named');
    const before = currentLocale();
    const other = before === 'en' ? 'th' : 'en';
    try {
      startEarlyGet('/api/named');
      await changeLocale(other);
      await expect(request('/api/named')).resolves.toEqual({ call: 2 });
      expect(languages).toEqual([before, other]);
    } finally {
      await changeLocale(before);
    }
  });

  it('asks an early GET in the language the page is switching to, and hands it over once that language is in', async () => {
    // The entry starts the first screen's GETs while the reader's stored language is still downloading (main.tsx).
    const languages = languagesAsked('/api/switching');
    const before = currentLocale();
    const other = before === 'lo' ? 'th' : 'lo';
    try {
      const switching = changeLocale(other);
      expect(currentLocale()).toBe(before);
      startEarlyGet('/api/switching');
      await switching;
      await expect(request('/api/switching')).resolves.toEqual({ call: 1 });
      expect(languages).toEqual([other]);
    } finally {
      await changeLocale(before);
    }
  });

  it('drops an early GET that nobody took within 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let calls = 0;
      server.use(
        http.get('*/api/stale', () => {
          calls += 1;
          return HttpResponse.json({ call: calls });
        }),
      );
      startEarlyGet('/api/stale');
      vi.advanceTimersByTime(10_000);
      await expect(request('/api/stale')).resolves.toEqual({ call: 2 });
    } finally {
      vi.useRealTimers();
    }
  });
});
