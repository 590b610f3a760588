import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from './render-app.tsx';
import { server } from './server.ts';

const LIMITED = { token: 'limited-1', expiresAt: '2030-01-01T00:30:00.000Z' };

function block(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'timeout',
    startedAt: '2026-05-01T00:00:00.000Z',
    endsAt: '2026-05-08T00:00:00.000Z',
    ended: true,
    reopenRequestedAt: null,
    reopensAt: null,
    ...overrides,
  };
}

/** A member in a time-out: the login is refused with a limited session, and the limited calls answer. */
function serveBlocked(refusal: Record<string, unknown>) {
  const authorizations: (string | null)[] = [];
  let current = block();
  server.use(
    http.post('*/api/login', () => HttpResponse.json({ session: LIMITED, ...refusal }, { status: 403 })),
    http.get('*/api/rg/status', ({ request }) => {
      authorizations.push(request.headers.get('authorization'));
      return HttpResponse.json({
        currency: 'BAHT',
        realityCheckMinutes: null,
        block: current,
        session: { startedAt: '2026-05-09T00:00:00.000Z', netResult: 0 },
      });
    }),
    http.post('*/api/rg/reopen', () => {
      current = block({ reopenRequestedAt: '2026-05-09T01:00:00.000Z', reopensAt: '2026-05-10T01:00:00.000Z' });
      return HttpResponse.json({ message: 'SUCCESS', block: current });
    }),
  );
  return authorizations;
}

async function logIn(user: ReturnType<typeof renderApp>['user']) {
  await user.type(await screen.findByLabelText('Phone number'), '0812345678');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('a login refused for a time-out', () => {
  it('says until when, and leads to the limited page, where the account can be reopened', async () => {
    const authorizations = serveBlocked({ message: 'TIMED_OUT', detail: '2026-05-08T00:00:00.000Z' });
    const { user } = renderApp('/login');
    await logIn(user);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your account is on a time-out.');
    expect(notice).toHaveTextContent('It lasts until 08/05/2026 07:00:00.');
    // Nothing is stored until the member goes on.
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Withdraw or see my status' }));
    await waitFor(() => expect(currentPath()).toBe('/limited'));
    expect(await screen.findByText('Your time-out ended on 08/05/2026 07:00:00.')).toBeInTheDocument();
    expect(await screen.findByText('฿1,500.50')).toBeInTheDocument();
    expect(authorizations).toContain('Bearer limited-1');
    await user.click(screen.getByRole('button', { name: 'Reopen my account' }));
    expect(await screen.findByText('Your account reopens on 10/05/2026 08:00:00.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen my account' })).toBeNull();
  });

  it('brings what is left in game accounts back to the wallet, with the limited session', async () => {
    serveBlocked({ message: 'TIMED_OUT', detail: '2026-05-08T00:00:00.000Z' });
    const calls: { body: unknown; authorization: string | null; key: string | null }[] = [];
    server.use(
      http.post('*/api/wallet/transferAll', async ({ request }) => {
        calls.push({
          body: await request.json(),
          authorization: request.headers.get('authorization'),
          key: request.headers.get('idempotency-key'),
        });
        return HttpResponse.json({ message: 'SUCCESS', wallet: { amount: 1610.6 }, status: 'SUCCESS', reference: 'r' });
      }),
    );
    const { user } = renderApp('/login');
    await logIn(user);
    await user.click(await screen.findByRole('button', { name: 'Withdraw or see my status' }));
    // The demo wallet holds 100 at PG and 10.10 at UFABET.
    expect(await screen.findByText('In game accounts: ฿110.10')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move it to the main wallet' }));
    expect(await screen.findByText('Your game balances are in the main wallet.')).toBeInTheDocument();
    expect(calls).toEqual([{ body: { to: 'wallet' }, authorization: 'Bearer limited-1', key: expect.any(String) }]);
  });

  it('says a self-exclusion without an end is permanent', async () => {
    serveBlocked({ message: 'SELF_EXCLUDED' });
    const { user } = renderApp('/login');
    await logIn(user);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your account is self-excluded at your request.');
    expect(notice).toHaveTextContent('It is permanent.');
  });
});

describe('a limited session', () => {
  it('is kept out of the member pages, and a full session out of /limited', async () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'limited-1');
    sessionStorage.setItem('token_limited', '1');
    serveBlocked({ message: 'TIMED_OUT' });
    renderApp('/user/home');
    await waitFor(() => expect(currentPath()).toBe('/limited'));
    expect(await screen.findByRole('heading', { name: 'Your account is closed for play' })).toBeInTheDocument();
  });

  it('sends a full session that opens /limited to the member pages', async () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-abc');
    renderApp('/limited');
    await waitFor(() => expect(currentPath()).toBe('/user/home'));
  });
});
