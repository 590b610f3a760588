import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../../test/server.ts';
import { isSiteGone } from './get-active.ts';

function answer(body: Record<string, unknown>, status = 200) {
  server.use(http.get('*/api/lookup/active', () => HttpResponse.json(body, { status })));
}

describe('isSiteGone', () => {
  it('is true when the site says it is not active, or answers gone', async () => {
    answer({ active: false });
    expect(await isSiteGone()).toBe(true);
    answer({ message: 'gone' });
    expect(await isSiteGone()).toBe(true);
  });

  it('is false while the site is active', async () => {
    answer({ active: true, message: 'OK' });
    expect(await isSiteGone()).toBe(false);
  });

  it('does not lock visitors out on an unreadable answer, a server error or no network', async () => {
    answer({ active: 'no' });
    expect(await isSiteGone()).toBe(false);
    answer({ message: 'INTERNAL_SERVER_ERROR' }, 500);
    expect(await isSiteGone()).toBe(false);
    server.use(http.get('*/api/lookup/active', () => HttpResponse.error()));
    expect(await isSiteGone()).toBe(false);
  });
});
