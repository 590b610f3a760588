import type { MemberDetail } from '@member-wallet/contract/backoffice/members';
import type { WatchItem } from '@member-wallet/contract/backoffice/safer-play';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, saferPlay, server } from './server.ts';

const DETAIL: MemberDetail = {
  member: {
    id: 'M1',
    phone: '0812345678',
    name: 'Somchai Jaidee',
    bank: { code: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE' },
    currency: 'BAHT',
    status: 'active',
    walletMinor: '150000',
    createdAt: '2026-11-01T03:00:00.000Z',
  },
  gameAccounts: [],
  entries: [],
  slips: [],
  bonuses: [],
};

function asRole(role: 'admin' | 'finance' | 'support') {
  server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role })));
}

function item(overrides: Partial<WatchItem> = {}): WatchItem {
  return {
    id: '11',
    member: { id: 'M1', phone: '0812345678', name: 'Somchai Jaidee' },
    rule: 'chasing_losses',
    detail: { deposits: 3 },
    raisedAt: '2026-11-23T01:00:00.000Z',
    state: 'open',
    note: null,
    closedBy: null,
    closedAt: null,
    ...overrides,
  };
}

describe("a member's safer play panel", () => {
  it('shows limits in force and waiting, the reality check, the block and the history, with no control', async () => {
    asRole('admin');
    server.use(
      http.get('*/backoffice/api/members/:id', () => HttpResponse.json(DETAIL)),
      http.get('*/backoffice/api/members/:id/safer-play', () =>
        HttpResponse.json(
          saferPlay({
            limits: [
              {
                kind: 'deposit',
                period: 'day',
                amountMinor: '100000',
                pending: { amountMinor: '200000', from: '2026-11-24T03:00:00.000Z' },
              },
              { kind: 'loss', period: 'week', amountMinor: '50000', pending: null },
            ],
            realityCheckMinutes: 60,
            block: {
              kind: 'self_exclusion',
              startedAt: '2026-11-23T03:00:00.000Z',
              endsAt: null,
              ended: false,
              reopenRequestedAt: null,
              reopensAt: null,
            },
            history: {
              total: 2,
              events: [
                { id: '2', action: 'self_exclusion', detail: { endsAt: null }, at: '2026-11-23T03:00:00.000Z' },
                {
                  id: '1',
                  action: 'limit',
                  detail: { kind: 'deposit', period: 'day', from: null, to: '100000', pending: null },
                  at: '2026-11-22T03:00:00.000Z',
                },
              ],
            },
          }),
        ),
      ),
    );
    renderApp('/members/M1');
    const panel = await screen.findByTestId('safer-play');
    await within(panel).findByTestId('safer-play-block');
    const [deposit, loss] = within(panel).getAllByTestId('safer-play-limit');
    expect(deposit).toHaveTextContent('Deposits · per day');
    expect(deposit).toHaveTextContent('1,000.00 BAHT');
    expect(deposit).toHaveTextContent('Becomes 2,000.00 BAHT from 24/11/2026 10:00:00');
    expect(loss).toHaveTextContent('Losses · per week500.00 BAHT');
    expect(panel).toHaveTextContent('Every 60 minutes');
    expect(within(panel).getByTestId('safer-play-block')).toHaveTextContent('Self-exclusion');
    expect(within(panel).getByTestId('safer-play-block')).toHaveTextContent('Permanent');
    const events = within(panel).getAllByTestId('safer-play-event');
    expect(events.map((event) => event.textContent)).toEqual([
      'Permanent self-exclusion23/11/2026 10:00:00',
      'Deposits · per day: None → 1,000.00 BAHT22/11/2026 10:00:00',
    ]);
    // Read-only: the panel has no button at all.
    expect(within(panel).queryAllByRole('button')).toEqual([]);
  });
});

describe('the watch list', () => {
  it('lists open items with the member, the translated rule and when it was raised; support closes with a note', async () => {
    asRole('support');
    let rows = [item()];
    let body: unknown;
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/backoffice/api/watch-list', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ total: rows.length, items: rows });
      }),
      http.post('*/backoffice/api/watch-list/:id/close', async ({ params, request }) => {
        body = { id: params.id, ...((await request.json()) as object) };
        rows = [];
        return HttpResponse.json({ item: item({ state: 'closed', note: 'Called the member' }), changed: true });
      }),
    );
    renderApp('/watch-list');
    const [row] = await screen.findAllByTestId('watch-row');
    expect(asked[0]?.get('state')).toBe('open');
    expect(row).toHaveTextContent('Chasing losses');
    expect(row).toHaveTextContent(
      '3 or more deposits in 24 hours, each within 30 minutes after a transfer into a game',
    );
    expect(row).toHaveTextContent('Raised 23/11/2026 08:00:00');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Somchai Jaidee' })).toHaveAttribute(
      'href',
      '/backoffice/members/M1',
    );
    expect(screen.getByRole('link', { name: 'Watch list' })).toHaveAttribute('aria-current', 'page');

    const user = userEvent.setup();
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Close Somchai Jaidee' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await within(dialog).findByText('Write a note of 3 to 200 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Called the member');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(body).toEqual({ id: '11', note: 'Called the member' }));
    expect(await screen.findByText('Item closed')).toBeInTheDocument();
    expect(await screen.findByText('No items in this state')).toBeInTheDocument();
  });

  it('is read-only for finance: no close button', async () => {
    asRole('finance');
    server.use(
      http.get('*/backoffice/api/watch-list', () =>
        HttpResponse.json({ total: 1, items: [item({ rule: 'night_play', detail: { nights: 4 } })] }),
      ),
    );
    renderApp('/watch-list');
    const [row] = await screen.findAllByTestId('watch-row');
    expect(row).toHaveTextContent('Night play');
    expect(row).toHaveTextContent('Nights: 4');
    expect(within(row as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('counts safer play on the dashboard, the open items linking to the list', async () => {
    renderApp('/dashboard');
    const card = await screen.findByTestId('dashboard-safer-play');
    expect(card).toHaveTextContent('Members with a limit4');
    expect(card).toHaveTextContent('Members in a time-out2');
    expect(card).toHaveTextContent('Members self-excluded1');
    expect(within(card).getByRole('link', { name: /Watch list items open/ })).toHaveAttribute(
      'href',
      '/backoffice/watch-list?state=open',
    );
  });
});
