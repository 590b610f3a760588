import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp } from './render-app.tsx';
import { demoWallet, server } from './server.ts';

const BANNER = { image: '/media/promotions/invite.svg', html: '<p>Invite and earn <b>5%</b></p>' };

/** An invite accrual row as POST /api/invite lists it. */
function invite(index: number) {
  return {
    from: { name: `Friend ${index}` },
    amount: index,
    createdAt: new Date(Date.UTC(2026, 0, index, 17)).toISOString(),
    collected: false,
    status: 'collectable',
  };
}

/** The answer of GET /api/refund/check; tests override what they need. */
function refundCheck(overrides: Record<string, unknown> = {}, info: Record<string, unknown> = {}) {
  return {
    result: true,
    bonus: false,
    info: {
      state: 'OK',
      period: 'week',
      from: '2026-11-15T17:00:00.000Z',
      to: '2026-11-22T17:00:00.000Z',
      netLoss: 270,
      percent: 5,
      minimum: 0,
      cap: 5000,
      ...info,
    },
    refundAmount: 13.5,
    refundSuccess: 100,
    refundFail: 0,
    ...overrides,
  };
}

/** Every request the app sent to a path, with its body. */
function recordBodies(method: string, path: string) {
  const seen: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method !== method || new URL(request.url).pathname !== path) return;
    seen.push(request.body ? await request.clone().json() : undefined);
  });
  return seen;
}

function withPromotions({
  inviteBanners = [] as unknown[],
  refundBanners = [] as unknown[],
  invites = [invite(1)],
  refunds = [] as unknown[],
  check = refundCheck(),
} = {}) {
  server.use(
    http.get('*/api/invite/banners', () => HttpResponse.json(inviteBanners)),
    http.get('*/api/refund/banners', () => HttpResponse.json(refundBanners)),
    http.post('*/api/invite', async ({ request }) => {
      const { page, limit } = (await request.json()) as { page: number; limit: number };
      return HttpResponse.json({ invites: invites.slice((page - 1) * limit, page * limit), total: invites.length });
    }),
    http.post('*/api/refund', async ({ request }) => {
      const { page, limit } = (await request.json()) as { page: number; limit: number };
      return HttpResponse.json({ refunds: refunds.slice((page - 1) * limit, page * limit), total: refunds.length });
    }),
    http.get('*/api/refund/check', () => HttpResponse.json(check)),
  );
}

async function openHome() {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  const view = renderApp('/user/home');
  await screen.findByRole('heading', { name: 'Hello, Somchai' });
  return view;
}

function widgets() {
  return within(screen.getByRole('region', { name: 'Shortcuts' }));
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
});

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

describe('home widgets', () => {
  it('shows six widgets in the order of the spec, and bonus conditions goes to the bonus page', async () => {
    const { user } = await openHome();
    const names = widgets()
      .getAllByRole('button')
      .concat(widgets().getAllByRole('link'))
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
      .map((element) => element.textContent);
    expect(names).toEqual(['Deposit', 'Withdraw', 'Refresh all', 'Invite friends', 'Bonus conditions', 'Loss refund']);
    await user.click(widgets().getByRole('link', { name: 'Bonus conditions' }));
    await waitFor(() => expect(currentPath()).toBe('/user/bonus'));
  });

  it('opens the invite modal directly when there are no banners', async () => {
    withPromotions();
    const { user } = await openHome();
    await user.click(widgets().getByRole('button', { name: 'Invite friends' }));
    expect(await screen.findByRole('dialog', { name: 'Invite friends' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Promotion banners' })).toBeNull();
  });

  it('shows the banners first, and the invite modal once the carousel is closed', async () => {
    withPromotions({ inviteBanners: [BANNER] });
    const { user } = await openHome();
    await user.click(widgets().getByRole('button', { name: 'Invite friends' }));
    const carousel = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(within(carousel).getByText('5%')).toBeInTheDocument();
    expect(within(carousel).queryByText('Your invite link')).toBeNull();
    await user.click(within(carousel).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    const modal = await screen.findByRole('dialog', { name: 'Invite friends' });
    expect(await within(modal).findByText('Your invite link')).toBeInTheDocument();
  });

  it('opens the refund modal directly without banners, and after the carousel with them', async () => {
    withPromotions();
    const { user } = await openHome();
    await user.click(widgets().getByRole('button', { name: 'Loss refund' }));
    let modal = await screen.findByRole('dialog', { name: 'Loss refund' });
    expect(await within(modal).findByRole('button', { name: 'Receive refund' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    withPromotions({ refundBanners: [{ image: '/media/promotions/refund.svg', html: '<p>Weekly refund</p>' }] });
    // A fresh read of the banners: the first answer ([]) is cached for this session otherwise.
    const reopened = await openHomeAgain();
    await reopened.user.click(widgets().getByRole('button', { name: 'Loss refund' }));
    const carousel = await screen.findByRole('dialog', { name: 'Loss refund' });
    expect(within(carousel).getByText('Weekly refund')).toBeInTheDocument();
    expect(within(carousel).queryByRole('button', { name: 'Receive refund' })).toBeNull();
    await reopened.user.keyboard('{Escape}');
    modal = await screen.findByRole('dialog', { name: 'Loss refund' });
    expect(await within(modal).findByRole('button', { name: 'Receive refund' })).toBeInTheDocument();
  });
});

/** The home opened anew (a fresh app and query cache), as after a reload. */
async function openHomeAgain() {
  cleanup();
  return openHome();
}

describe('invite modal', () => {
  async function openInvite(options: Parameters<typeof withPromotions>[0] = {}) {
    withPromotions(options);
    const view = await openHome();
    await view.user.click(widgets().getByRole('button', { name: 'Invite friends' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite friends' });
    return { ...view, dialog };
  }

  it('shows the invite link of this origin and copies it', async () => {
    const { user, dialog } = await openInvite();
    const link = `${window.location.origin}/register?code=PRAB12CD34`;
    expect(within(dialog).getByText(link)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy Your invite link' }));
    expect(await screen.findByText(`Copied: ${link}`)).toBeInTheDocument();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy Your invite link' }));
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
  });

  it('lists the invites 10 a page with name, amount and date', async () => {
    const sent = recordBodies('POST', '/api/invite');
    const { user, dialog } = await openInvite({ invites: Array.from({ length: 12 }, (_, index) => invite(index + 1)) });
    expect(await within(dialog).findByText('Friend 1')).toBeInTheDocument();
    const list = within(dialog).getByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    // 1 January 2026 17:00 UTC is midnight of 2 January in Bangkok.
    expect(within(list).getByText('02/01/2026 00:00:00')).toBeInTheDocument();
    expect(within(list).getByText('฿1.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(await within(dialog).findByText('Friend 11')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    expect(sent).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
  });

  it('marks each accrual collected, held for review or not paid', async () => {
    const rows = [
      { ...invite(1), collected: true, status: 'collected' },
      { ...invite(2), status: 'held' },
      { ...invite(3), status: 'forfeited' },
      invite(4),
    ];
    const { dialog } = await openInvite({ invites: rows });
    const items = within(await within(dialog).findByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Collected'),
      expect.stringContaining('Under review: not collectable yet'),
      expect.stringContaining('Not paid'),
      expect.not.stringMatching(/Collected|Under review|Not paid/),
    ]);
  });

  it('confirms with the success and fail percentages, collects, and reads the wallet again', async () => {
    let wallets = 0;
    let collected = 0;
    server.use(
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(demoWallet({ invite: { amount: 50, success: 80, fail: 20 } }));
      }),
      http.get('*/api/invite/bonus', () => {
        collected += 1;
        return HttpResponse.json({
          message: 'INVITE_BONUS_SUCCESS',
          amount: 40,
          forfeited: 10,
          wallet: { amount: 1540.5 },
        });
      }),
    );
    const { user, dialog } = await openInvite();
    await user.click(within(dialog).getByRole('button', { name: 'Collect bonus' }));
    const confirm = await screen.findByRole('dialog', { name: 'Collect the referral bonus' });
    expect(within(confirm).getByText('Paid into your wallet: 80%')).toBeInTheDocument();
    expect(within(confirm).getByText('Forfeited: 20%')).toBeInTheDocument();
    expect(within(confirm).getByText(/Your referral bonus is ฿50\.00/)).toBeInTheDocument();
    expect(collected).toBe(0);
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const toast = await screen.findByText('Referral bonus received: ฿40.00');
    expect(toast.closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(collected).toBe(1);
    await waitFor(() => expect(wallets).toBe(2));
    expect(screen.queryByRole('dialog', { name: 'Collect the referral bonus' })).toBeNull();
  });

  it('shows a failed collection as a red toast with the error, and leaves the wallet alone', async () => {
    let wallets = 0;
    server.use(
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(demoWallet());
      }),
      http.get('*/api/invite/bonus', () => HttpResponse.json({ message: 'NO_INVITE_BONUS' }, { status: 404 })),
    );
    const { user, dialog } = await openInvite();
    await user.click(within(dialog).getByRole('button', { name: 'Collect bonus' }));
    const confirm = await screen.findByRole('dialog', { name: 'Collect the referral bonus' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    const toast = await screen.findByText('There is no invite bonus to collect.');
    expect(toast.closest('[data-tone]')).toHaveAttribute('data-tone', 'error');
    expect(wallets).toBe(1);
  });
});

describe('referral receive button', () => {
  it('opens the collect confirmation at once', async () => {
    withPromotions({ inviteBanners: [BANNER] });
    const { user } = await openHome();
    await user.click(screen.getByRole('button', { name: 'Receive the referral bonus' }));
    const confirm = await screen.findByRole('dialog', { name: 'Collect the referral bonus' });
    expect(within(confirm).getByText('Paid into your wallet: 2%')).toBeInTheDocument();
    expect(within(confirm).getByText('Forfeited: 1%')).toBeInTheDocument();
  });

  it('is disabled when there is no referral bonus', async () => {
    server.use(
      http.get('*/api/wallet', () => HttpResponse.json(demoWallet({ invite: { amount: 0, success: 80, fail: 20 } }))),
    );
    await openHome();
    expect(screen.getByRole('button', { name: 'Receive the referral bonus' })).toBeDisabled();
  });
});

describe('refund modal', () => {
  async function openRefund(options: Parameters<typeof withPromotions>[0] = {}) {
    withPromotions(options);
    const view = await openHome();
    await view.user.click(widgets().getByRole('button', { name: 'Loss refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loss refund' });
    return { ...view, dialog };
  }

  it('receives a refund that exists, says so, and reads the wallet when the modal closes', async () => {
    let wallets = 0;
    let checks = 0;
    server.use(
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(demoWallet());
      }),
      http.get('*/api/refund/receive', () =>
        HttpResponse.json({ message: 'REFUND_SUCCESS', amount: 13.5, wallet: { amount: 1514 } }),
      ),
    );
    const { user, dialog } = await openRefund();
    server.use(
      http.get('*/api/refund/check', () => {
        checks += 1;
        return HttpResponse.json(refundCheck({ result: false }, { state: 'REFUND_SUCCESS' }));
      }),
    );
    expect(await within(dialog).findByTestId('refund-amount')).toHaveTextContent('฿13.50');
    const receive = within(dialog).getByRole('button', { name: 'Receive refund' });
    expect(receive).toBeEnabled();
    await user.click(receive);
    expect(await within(dialog).findByText('Refund received: ฿13.50')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Receive refund' })).toBeDisabled();
    // The check is read again after the receipt.
    await waitFor(() => expect(checks).toBe(1));
    expect(wallets).toBe(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(wallets).toBe(2));
  });

  it('does not read the wallet again when closed without a receipt', async () => {
    let wallets = 0;
    server.use(
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(demoWallet());
      }),
    );
    const { user, dialog } = await openRefund();
    await within(dialog).findByTestId('refund-amount');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(wallets).toBe(1);
  });

  it('shows a failed receipt as a red toast with the error', async () => {
    server.use(
      http.get('*/api/refund/receive', () => HttpResponse.json({ message: 'REFUND_CONDITION' }, { status: 409 })),
    );
    const { user, dialog } = await openRefund();
    await user.click(await within(dialog).findByRole('button', { name: 'Receive refund' }));
    const toast = await screen.findByText('The refund conditions are not met.');
    expect(toast.closest('[data-tone]')).toHaveAttribute('data-tone', 'error');
    expect(within(dialog).queryByText(/Refund received/)).toBeNull();
  });

  it("says 'refund not found' and disables receiving when there is no refund", async () => {
    const { dialog } = await openRefund({
      check: refundCheck({ result: false, refundAmount: 0 }, { state: 'NO_REFUND', netLoss: 0 }),
    });
    expect(await within(dialog).findByText('Refund not found')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Receive refund' })).toBeDisabled();
    expect(within(dialog).queryByRole('heading', { name: 'Conditions' })).toBeNull();
  });

  it('disables receiving while a bonus is taken, and shows the conditions instead', async () => {
    const { dialog } = await openRefund({ check: refundCheck({ result: true, bonus: true }) });
    expect(await within(dialog).findByRole('heading', { name: 'Conditions' })).toBeInTheDocument();
    expect(within(dialog).getByText('A bonus is active: refunds are blocked until it ends.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Receive refund' })).toBeDisabled();
    expect(within(dialog).queryByTestId('refund-amount')).toBeNull();
  });

  it('shows the conditions with the figures when the refund is already received', async () => {
    const { dialog } = await openRefund({
      check: refundCheck({ result: false }, { state: 'REFUND_SUCCESS' }),
    });
    expect(await within(dialog).findByText('You have already received the refund of this period.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Each week you get 5% of your net loss (stakes minus winnings) back, up to ฿5,000.00. Receive it during the following week.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Net loss 16/11/2026 to 22/11/2026: ฿270.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Receive refund' })).toBeDisabled();
  });

  it("renders the operator's conditions html sanitized: no script, no handler, no javascript: link", async () => {
    const hostile =
      '<p>Rules <b>apply</b></p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' +
      '<a href="javascript:window.__pwned=3">click</a>';
    const { dialog } = await openRefund({
      refundBanners: [],
      check: refundCheck({ result: false }, { state: 'REFUND_MINIMUM' }),
    });
    // The banners were read as none, so the operator text comes with the second opening below.
    expect(await within(dialog).findByRole('heading', { name: 'Conditions' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('refund-operator-conditions')).toBeNull();

    withPromotions({
      refundBanners: [{ image: '/media/promotions/refund.svg', html: hostile }],
      check: refundCheck({ result: false }, { state: 'REFUND_MINIMUM' }),
    });
    const { user } = await openHomeAgain();
    await user.click(widgets().getByRole('button', { name: 'Loss refund' }));
    await user.keyboard('{Escape}');
    const modal = await screen.findByRole('dialog', { name: 'Loss refund' });
    const operator = await within(modal).findByTestId('refund-operator-conditions');
    expect(within(operator).getByText('apply').tagName).toBe('B');
    expect(operator.querySelector('script')).toBeNull();
    expect(operator.querySelector('img')).toBeNull();
    expect(operator.innerHTML).not.toMatch(/onerror|javascript:/i);
    expect(within(operator).getByText('click')).not.toHaveAttribute('href');
    expect(document.body.innerHTML).not.toMatch(/onerror|javascript:|__pwned/);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('lists the received refunds 10 a page', async () => {
    const refunds = Array.from({ length: 11 }, (_, index) => ({
      refundAmount: index + 1,
      createdAt: new Date(Date.UTC(2026, 9, index + 1, 3)).toISOString(),
      periodFrom: new Date(Date.UTC(2026, 8, index + 1)).toISOString(),
      periodTo: new Date(Date.UTC(2026, 8, index + 8)).toISOString(),
    }));
    const sent = recordBodies('POST', '/api/refund');
    const { user, dialog } = await openRefund({ refunds });
    const log = within(dialog).getByRole('region', { name: 'Refund history' });
    expect(await within(log).findByText('01/10/2026 10:00:00')).toBeInTheDocument();
    expect(within(log).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(log).getByRole('button', { name: 'Next page' }));
    expect(await within(log).findByText('฿11.00')).toBeInTheDocument();
    expect(within(log).getAllByRole('listitem')).toHaveLength(1);
    expect(sent).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
  });
});
