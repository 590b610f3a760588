import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { createQueryClient } from '../src/app/query-client.ts';
import { preloadFirstRoute } from '../src/app/router.tsx';
import { changeLocale } from '../src/i18n/i18n.ts';
import lo from '../src/i18n/member/lo.json';
import th from '../src/i18n/member/th.json';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

/**
 * A reader whose stored language is not the build's opens a member page: main.tsx starts the switch to their
 * language, then the first route, whose chunk can arrive before the language's texts. The page's data must be
 * asked once, in the reader's language. A file of its own: a language whose texts are already in memory
 * switches at once, and each case needs one that is not (this file's tests start in English only).
 */
it("asks for a first member page's data once, in the language the page is switching to", async () => {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
  server.use(
    http.post('*/api/statement', () => HttpResponse.json({ total: 0, statements: [] })),
    http.get('*/api/spinwheel/setup', () => HttpResponse.json({ activeSpinwheel: null, userCoin: 0 })),
    http.get('*/api/spinwheel/coupon', () => HttpResponse.json({ coupons: [], total: 0, claimableTotal: 0 })),
  );
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const { pathname } = new URL(request.url);
    if (/^\/api\/(statement|spinwheel\/(setup|coupon))/.test(pathname)) {
      asked.push(`${request.method} ${pathname} ${request.headers.get('accept-language')}`);
    }
  });
  // The screens' chunks are in memory, as a preloaded chunk is by the time the entry has run.
  await Promise.all([import('../src/app/screens/statement-route.tsx'), import('../src/app/screens/spin-route.tsx')]);
  for (const [path, locale, title] of [
    ['/user/statement', 'lo', lo.statement.title],
    ['/user/spin', 'th', th.spin.title],
  ] as const) {
    const queryClient = createQueryClient();
    const switching = changeLocale(locale);
    preloadFirstRoute(path, queryClient);
    await switching;
    const view = renderApp(path, { queryClient });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    view.unmount();
  }
  expect(asked).toEqual(['POST /api/statement lo', 'GET /api/spinwheel/setup th', 'GET /api/spinwheel/coupon th']);
  server.events.removeAllListeners();
});
