import { API } from '@member-wallet/contract/api-paths';
import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/app/query-client.ts';
import { activateBonus } from '../src/features/bonus/api/activate-bonus.ts';
import { activatePromotion } from '../src/features/bonus/api/activate-promotion.ts';
import { clearBonus } from '../src/features/bonus/api/clear-bonus.ts';
import { transfer } from '../src/features/home/api/money-actions.ts';
import { collectInviteBonus } from '../src/features/invite/api/collect-invite-bonus.ts';
import { startLiveEvents } from '../src/features/live/live-events.ts';
import { receiveRefund } from '../src/features/refund/api/receive-refund.ts';
import { claimCoupon } from '../src/features/spin/api/claim-coupon.ts';
import { spin } from '../src/features/spin/api/spin.ts';
import { changeLocale } from '../src/i18n/i18n.ts';
import lo from '../src/i18n/member/lo.json';
import th from '../src/i18n/member/th.json';
import type { FakeSocket } from './fake-socket.ts';
import { renderApp } from './render-app.tsx';
import { demoWallet, server } from './server.ts';

/** Live money in the member app (docs/live.md): the pending withdrawals, the withdrawal's answer, live events. */

const fake = vi.hoisted(() => ({ sockets: [] as FakeSocket[] }));

vi.mock('socket.io-client', async () => (await import('./fake-socket.ts')).fakeSocketIo(fake.sockets));

const PENDING = { id: 'w-1', amount: 500, currency: 'BAHT', review: false, createdAt: '2026-11-26T03:04:00.000Z' };

/** The server's state the handlers answer from: the test changes it as the server's money moves. */
let state: { amount: number; pending: (typeof PENDING)[]; calls: Record<string, number> };

beforeEach(() => {
  fake.sockets.length = 0;
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  state = { amount: 1500.5, pending: [], calls: { wallet: 0, pending: 0, statement: 0 } };
  server.use(
    http.get('*/api/wallet', () => {
      state.calls.wallet = (state.calls.wallet ?? 0) + 1;
      return HttpResponse.json(demoWallet({ wallet: { amount: state.amount, currency: 'BAHT' }, slots: [] }));
    }),
    http.get('*/api/wallet/withdrawals/pending', () => {
      state.calls.pending = (state.calls.pending ?? 0) + 1;
      return HttpResponse.json({ withdrawals: state.pending });
    }),
  );
});

async function home() {
  const queryClient = createQueryClient();
  const view = renderApp('/user/home', { queryClient });
  await screen.findByRole('heading', { name: 'Hello, Somchai' });
  return { ...view, queryClient };
}

const balance = () => screen.getByTestId('total-balance').textContent;

function paidEvent(overrides: Record<string, unknown> = {}) {
  return {
    type: 'withdraw',
    status: 'SUCCESS',
    amount: -500,
    balance: 1000.5,
    currency: 'BAHT',
    reference: '41',
    ...overrides,
  };
}

describe('withdrawals in progress', () => {
  it('the withdraw dialog says the request was received and is being paid, not "saved"', async () => {
    const answer = { message: 'SUCCESS', wallet: { amount: 1000.5 }, status: 'IN_PROGRESS', reference: 'w-1' };
    server.use(http.post('*/api/wallet/withdraw', () => HttpResponse.json(answer)));
    const { user } = await home();
    await user.click(screen.getAllByRole('button', { name: 'Withdraw' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    await user.type(within(dialog).getByLabelText('Amount'), '500');
    state.pending = [PENDING];
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    const result = await screen.findByRole('dialog', { name: 'Success' });
    expect(result).toHaveTextContent('Request received: your withdrawal is being paid.');
    expect(result).not.toHaveTextContent('Saved');
    await user.click(within(result).getByRole('button', { name: 'OK' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Closing the dialog after a withdrawal reads the list again: the new request shows on home.
    const list = await screen.findByRole('region', { name: 'Withdrawals in progress' });
    expect(within(list).getByText('฿500.00')).toBeInTheDocument();
    expect(within(list).getByText('Being paid')).toBeInTheDocument();
  });

  it('home lists each withdrawal in progress with its amount, time and state', async () => {
    state.pending = [{ ...PENDING, id: 'w-2', amount: 2000, review: true }, PENDING];
    await home();
    const list = await screen.findByRole('region', { name: 'Withdrawals in progress' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^฿2,000\.00.*10:04.*Under review$/),
      expect.stringMatching(/^฿500\.00.*10:04.*Being paid$/),
    ]);
  });
});

describe('live events', () => {
  it('a withdrawal shown pending, then paid: the list, the balance and a toast, without a reload', async () => {
    state.pending = [PENDING];
    const { queryClient } = await home();
    await screen.findByRole('region', { name: 'Withdrawals in progress' });
    const stop = startLiveEvents(queryClient);
    const socket = fake.sockets.at(-1) as FakeSocket;
    expect(socket.args).toEqual(['/member', { path: '/socket.io', auth: { token: 'tok-1' } }]);
    state.pending = [];
    state.amount = 1000.5;
    act(() => socket.fire('wallet', paidEvent()));
    expect(await screen.findByText('Your withdrawal of ฿500.00 has been paid.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Withdrawals in progress' })).toBeNull());
    await waitFor(() => expect(balance()).toBe('฿1,000.50'));
    stop();
  });

  it("says each kind of change in the member's language", async () => {
    const { queryClient } = await home();
    const stop = startLiveEvents(queryClient);
    const socket = fake.sockets.at(-1) as FakeSocket;
    const deposit = {
      type: 'deposit',
      status: 'SUCCESS',
      amount: 100,
      balance: 1600.5,
      currency: 'BAHT',
      reference: '7',
    };
    const cases = [
      ['en', deposit, 'Deposit of ฿100.00 received. Balance: ฿1,600.50.'],
      ['th', deposit, th.live.toast.deposit.replace('{{amount}}', '฿100.00').replace('{{balance}}', '฿1,600.50')],
      [
        'lo',
        paidEvent({ status: 'FAILED', amount: 500 }),
        lo.live.toast.withdrawFailed.replace('{{amount}}', '฿500.00'),
      ],
      [
        'en',
        { ...deposit, type: 'adjustment', amount: -20, balance: 1480.5 },
        '฿20.00 taken from your wallet. Balance: ฿1,480.50.',
      ],
      ['en', { ...deposit, type: 'bonus', amount: 50 }, 'Bonus of ฿50.00 added to your wallet. Balance: ฿1,600.50.'],
      [
        'en',
        { ...deposit, type: 'transfer', status: 'FAILED', amount: 30 },
        'Your transfer of ฿30.00 did not go through. The money is back in your wallet.',
      ],
      // A transfer asked on another device, or settled later by the reconciler; a withdrawal asked elsewhere.
      ['en', { ...deposit, type: 'transfer', amount: 30 }, 'Your transfer of ฿30.00 went through. Balance: ฿1,600.50.'],
      [
        'en',
        { ...deposit, type: 'transfer', status: 'IN_PROGRESS', amount: -30 },
        "Your transfer of ฿30.00 is waiting for the game provider's answer.",
      ],
      ['th', paidEvent({ status: 'IN_PROGRESS' }), th.live.toast.withdrawReceived.replace('{{amount}}', '฿500.00')],
      ['en', { ...deposit, type: 'refund', amount: 40 }, 'Loss refund of ฿40.00 received. Balance: ฿1,600.50.'],
      ['en', { ...deposit, type: 'invite', amount: 25 }, 'Invite bonus of ฿25.00 received. Balance: ฿1,600.50.'],
      ['en', { ...deposit, type: 'spin', amount: 10 }, 'Prize of ฿10.00 added to your wallet. Balance: ฿1,600.50.'],
      ['en', { ...deposit, type: 'finish_bonus', amount: 0 }, 'Your bonus has ended.'],
      [
        'en',
        { ...deposit, type: 'finish_bonus', amount: -20, balance: 1480.5 },
        'Your bonus has ended: ฿20.00 taken back. Balance: ฿1,480.50.',
      ],
    ] as const;
    for (const [locale, event, said] of cases) {
      await act(() => changeLocale(locale));
      act(() => socket.fire('wallet', event));
      expect(await screen.findByText(said)).toBeInTheDocument();
    }
    stop();
  });

  it('tells nothing of a request the member just made on this screen, and ignores what is not a wallet event', async () => {
    const answer = { message: 'SUCCESS', wallet: { amount: 1000.5 }, status: 'IN_PROGRESS', reference: 'w-1' };
    server.use(http.post('*/api/wallet/withdraw', () => HttpResponse.json(answer)));
    const { queryClient, user } = await home();
    const stop = startLiveEvents(queryClient);
    const socket = fake.sockets.at(-1) as FakeSocket;
    await user.click(screen.getAllByRole('button', { name: 'Withdraw' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw' });
    await user.type(within(dialog).getByLabelText('Amount'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await screen.findByRole('dialog', { name: 'Success' });
    act(() => socket.fire('wallet', paidEvent({ status: 'IN_PROGRESS' })));
    act(() => socket.fire('wallet', { type: 'withdraw', amount: 'lots' }));
    // News of another kind still comes: the two before it said nothing.
    act(() => socket.fire('wallet', { ...paidEvent(), type: 'deposit', amount: 100 }));
    await screen.findByText('Deposit of ฿100.00 received. Balance: ฿1,000.50.');
    expect(screen.getByRole('status').textContent).toBe('Deposit of ฿100.00 received. Balance: ฿1,000.50.');
    stop();
  });

  it("says nothing of this tab's own transfer while it goes through, but says when it fails", async () => {
    const answer = { message: 'SUCCESS', wallet: { amount: 1470.5 }, status: 'SUCCESS', reference: '9' };
    server.use(http.post('*/api/wallet/transfer', () => HttpResponse.json(answer)));
    const { queryClient } = await home();
    const stop = startLiveEvents(queryClient);
    const socket = fake.sockets.at(-1) as FakeSocket;
    await transfer({ from: 'MAIN', to: 'PG', amount: 30 }, 'key-1');
    const own = { type: 'transfer', amount: -30, balance: 1470.5, currency: 'BAHT', reference: '9' };
    act(() => socket.fire('wallet', { ...own, status: 'IN_PROGRESS' }));
    act(() => socket.fire('wallet', { ...own, status: 'SUCCESS', amount: 30 }));
    act(() => socket.fire('wallet', { ...own, status: 'FAILED', amount: 30, balance: 1500.5 }));
    await screen.findByText('Your transfer of ฿30.00 did not go through. The money is back in your wallet.');
    expect(screen.getByRole('status').textContent).toBe(
      'Your transfer of ฿30.00 did not go through. The money is back in your wallet.',
    );
    stop();
  });

  it('shows one toast per request from another device: the waiting one gives way to the result', async () => {
    const { queryClient } = await home();
    const stop = startLiveEvents(queryClient);
    const socket = fake.sockets.at(-1) as FakeSocket;
    const elsewhere = { type: 'transfer', amount: -30, balance: 1470.5, currency: 'BAHT', reference: '12' };
    act(() => socket.fire('wallet', { ...elsewhere, status: 'IN_PROGRESS' }));
    await screen.findByText("Your transfer of ฿30.00 is waiting for the game provider's answer.");
    act(() => socket.fire('wallet', { ...elsewhere, status: 'SUCCESS', amount: 30 }));
    await screen.findByText('Your transfer of ฿30.00 went through. Balance: ฿1,470.50.');
    expect(screen.queryByText("Your transfer of ฿30.00 is waiting for the game provider's answer.")).toBeNull();
    // Another request's toast stays beside it.
    act(() => socket.fire('wallet', { ...elsewhere, reference: '13', status: 'IN_PROGRESS', amount: -40 }));
    await screen.findByText("Your transfer of ฿40.00 is waiting for the game provider's answer.");
    expect(screen.getByText('Your transfer of ฿30.00 went through. Balance: ฿1,470.50.')).toBeInTheDocument();
    stop();
  });

  it('says nothing of a bonus, prize, refund or invite bonus this tab has just taken, as its dialog says it', async () => {
    const refused = () => HttpResponse.json({ message: 'NO_DATA' }, { status: 400 });
    for (const path of [
      API.bonusActivate('WEEKLY50'),
      API.promotionActivate('WELCOME100'),
      API.bonusClear,
      API.spin,
      API.spinCouponClaim,
      API.refundReceive,
      API.inviteBonus,
    ]) {
      server.use(http.all(`*${path}`, refused));
    }
    const { queryClient } = await home();
    const stop = startLiveEvents(queryClient);
    const socket = fake.sockets.at(-1) as FakeSocket;
    // Whatever the answer: the news can come before it.
    const asked = [
      activateBonus('WEEKLY50'),
      activatePromotion('WELCOME100'),
      clearBonus(),
      spin('key-spin'),
      claimCoupon({ coupon: 'c-1' }, 'key-coupon'),
      receiveRefund(),
      collectInviteBonus(),
    ];
    await Promise.allSettled(asked);
    const event = { status: 'SUCCESS', amount: 50, balance: 1550.5, currency: 'BAHT', reference: '20' };
    for (const type of ['bonus', 'finish_bonus', 'spin', 'refund', 'invite']) {
      act(() => socket.fire('wallet', { ...event, type }));
    }
    // A deposit was not asked here: it is said, and alone.
    act(() => socket.fire('wallet', { ...event, type: 'deposit' }));
    await screen.findByText('Deposit of ฿50.00 received. Balance: ฿1,550.50.');
    expect(screen.getByRole('status').textContent).toBe('Deposit of ฿50.00 received. Balance: ฿1,550.50.');
    stop();
  });

  it('reads the money again after a reconnection the server could not recover, not after one it did', async () => {
    const { queryClient } = await home();
    const stop = startLiveEvents(queryClient);
    const socket = fake.sockets.at(-1) as FakeSocket;
    await waitFor(() => expect(socket.connects).toBe(1));
    const before = state.calls.wallet;
    act(() => {
      socket.recovered = true;
      socket.disconnect();
      socket.connect();
    });
    expect(state.calls.wallet).toBe(before);
    act(() => {
      socket.recovered = false;
      socket.disconnect();
      socket.connect();
    });
    await waitFor(() => expect(state.calls.wallet).toBe((before ?? 0) + 1));
    await waitFor(() => expect(state.calls.pending).toBeGreaterThan(1));
    stop();
  });
});
