import { IDEMPOTENCY_KEY_HEADER, STORAGE_KEYS } from '@member-wallet/contract/constants';
import type { SpinCoupon } from '@member-wallet/contract/spin';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sliceAtPointer } from '../src/features/spin/wheel-math.ts';
import { currentPath, renderApp } from './render-app.tsx';
import { demoWallet, server } from './server.ts';

const SLICES = [
  { code: 'CASH_10', label: '10 baht', bgColor: '#C62828', textColor: '#FFFFFF', htmlDescription: '' },
  {
    code: 'CASH_50',
    label: '50 baht',
    bgColor: '#2E7D32',
    textColor: '#FFFFFF',
    htmlDescription: '<p><b>50 baht</b> to your wallet</p><img src=x onerror="window.spinPwned = 1">',
  },
  { code: 'TRY_AGAIN', label: 'Try again', bgColor: '#FFF8E1', textColor: '#212121', htmlDescription: '' },
  { code: 'TSHIRT', label: 'T-shirt', bgColor: '#FFB300', textColor: '#000000', htmlDescription: '' },
];

function coupon(id: number, slice: string, name: string, amount: number, overrides: Partial<SpinCoupon> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    prize: { slice, name },
    type: 'cash',
    amount,
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    claimedAt: null,
    claimable: true,
    ...overrides,
  } satisfies SpinCoupon;
}

/**
 * A wheel server kept in memory: the setup, the coupons and the wallet read what spins and claims changed, and
 * every call is counted, so a test sees what was reloaded when.
 */
function wheelServer(options: { coins?: number; coupons?: SpinCoupon[]; active?: boolean } = {}) {
  const state = { coins: options.coins ?? 3, coupons: options.coupons ?? [], wallet: 1500.5 };
  const calls: Record<string, number> = {};
  const count = (name: string) => {
    calls[name] = (calls[name] ?? 0) + 1;
  };
  const spins: (string | null)[] = [];
  const claims: { key: string | null; body: unknown }[] = [];
  /** The coupon pages asked for, in order, as `page=&limit=`. */
  const pages: string[] = [];
  server.use(
    http.get('*/api/spinwheel/active', () => HttpResponse.json({ isActive: options.active ?? true })),
    http.get('*/api/spinwheel/setup', () => {
      count('setup');
      return HttpResponse.json({
        activeSpinwheel: options.active === false ? null : { name: 'Lucky wheel', slices: SLICES },
        userCoin: state.coins,
      });
    }),
    http.get('*/api/spinwheel/coupon', ({ request }) => {
      count('coupons');
      // The server pages (and orders) the coupons; this one pages them in the order the test gave.
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      pages.push(`page=${page}&limit=${limit}`);
      return HttpResponse.json({
        coupons: state.coupons.slice((page - 1) * limit, page * limit),
        total: state.coupons.length,
        claimableTotal: state.coupons.filter((each) => each.claimable).length,
      });
    }),
    http.get('*/api/wallet', () => {
      count('wallet');
      return HttpResponse.json(
        demoWallet({
          profile: { _id: 'AB12CD34', name: 'Somchai', username: '0812345678', coin: state.coins },
          wallet: { amount: state.wallet, currency: 'BAHT' },
        }),
      );
    }),
  );
  return { state, calls, spins, claims, pages };
}

type Wheel = ReturnType<typeof wheelServer>;

function answerSpins(wheel: Wheel, slice: (typeof SLICES)[number], prizeType: 'cash' | 'none' | 'item') {
  server.use(
    http.post('*/api/spinwheel/spin', ({ request }) => {
      wheel.spins.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
      wheel.state.coins -= 1;
      const won = prizeType === 'none' ? undefined : coupon(90 + wheel.spins.length, slice.code, slice.label, 50);
      if (won) wheel.state.coupons = [won, ...wheel.state.coupons];
      return HttpResponse.json({
        code: slice.code,
        label: slice.label,
        remainingCoin: wheel.state.coins,
        prizeType,
        ...(won ? { coupon: won.id } : {}),
      });
    }),
  );
}

/** jsdom has no canvas: a 2D context that draws nothing (draw-wheel.test.ts checks the painting). */
function stubCanvas() {
  const context = new Proxy(
    { measureText: (text: string) => ({ width: text.length * 5 }) },
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined), set: () => true },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
}

function canvasRotation(): number {
  const transform = screen.getByRole('img', { name: /^Prize wheel Lucky wheel/ }).style.transform;
  return Number(/rotate\((-?[\d.e-]+)rad\)/.exec(transform)?.[1]);
}

/** Opens /user/spin once its heading shows (the first test also waits for the lazy route's modules). */
async function openSpin() {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  const view = renderApp('/user/spin');
  await screen.findByRole('heading', { level: 1, name: 'Prize wheel' }, { timeout: 5_000 });
  return view;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
  stubCanvas();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the prize wheel page', () => {
  it('shows the heading, the wheel with the coins and the coupons, 3 a page', async () => {
    wheelServer({
      coupons: [
        coupon(1, 'CASH_10', '10 baht', 10),
        coupon(2, 'CASH_50', '50 baht', 50),
        coupon(3, 'TSHIRT', 'T-shirt', 0, { type: 'item', claimable: false }),
        coupon(4, 'CASH_10', '10 baht', 10),
      ],
    });
    await openSpin();
    expect(await screen.findByRole('heading', { level: 1, name: 'Prize wheel' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Lucky wheel.*10 baht, 50 baht, Try again, T-shirt/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Spin the wheel. Coins: 3' })).not.toHaveAttribute('aria-disabled');
    const table = await screen.findByRole('table', { name: 'My coupons' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('1 / 2')).toBeInTheDocument();
  });

  it('spins: the wheel turns 4 to 5 s to the server slice, then the prize modal; closing it reloads everything', async () => {
    const wheel = wheelServer();
    answerSpins(wheel, SLICES[1] as (typeof SLICES)[number], 'cash');
    const { user } = await openSpin();
    await screen.findByRole('button', { name: 'Spin the wheel. Coins: 3' });
    await screen.findByText('No coupons yet. Spin the wheel to win one.');
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    await user.click(screen.getByRole('button', { name: 'Spin the wheel. Coins: 3' }));
    // The answer's remaining coins show at once; the wheel is still turning, so no modal yet.
    const hub = await screen.findByRole('button', { name: 'Spin the wheel. Coins: 2' });
    expect(hub).toHaveAttribute('aria-disabled', 'true');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    const { setup, coupons, wallet = 0 } = wheel.calls;
    act(() => vi.advanceTimersByTime(2_100));
    const dialog = await screen.findByRole('dialog', { name: 'Congratulations!' });
    expect(within(dialog).getByText('You won 50 baht')).toBeInTheDocument();
    expect(sliceAtPointer(canvasRotation(), SLICES.length)).toBe(1);
    expect(wheel.spins).toHaveLength(1);
    expect(wheel.spins[0]).toMatch(/^[0-9a-f-]{36}$/);
    vi.useRealTimers();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(wheel.calls.setup).toBe((setup ?? 0) + 1));
    await waitFor(() => expect(wheel.calls.coupons).toBe((coupons ?? 0) + 1));
    expect(await screen.findByRole('table', { name: 'My coupons' })).toHaveTextContent('50 baht');
    // The wallet is not on this page: it is marked stale, and home reads it afresh with the coin spent.
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('link', { name: 'Spin wheel, 2 coins' })).toBeInTheDocument();
    expect(wheel.calls.wallet).toBe(wallet + 1);
  });

  it('sends a new Idempotency-Key with every spin, and consoles a losing slice', async () => {
    const wheel = wheelServer();
    answerSpins(wheel, SLICES[2] as (typeof SLICES)[number], 'none');
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const { user } = await openSpin();
    await user.click(await screen.findByRole('button', { name: 'Spin the wheel. Coins: 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'So close!' });
    expect(within(dialog).getByText('The wheel stopped on Try again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await user.click(await screen.findByRole('button', { name: 'Spin the wheel. Coins: 2' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'So close!' })).getByRole('button', { name: 'OK' }),
    );
    expect(wheel.spins).toHaveLength(2);
    expect(new Set(wheel.spins).size).toBe(2);
    expect(await screen.findByRole('button', { name: 'Spin the wheel. Coins: 1' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it.each([
    ['NO_COIN', 400, 'You have no coins left. Deposit to earn more coins.'],
    ['WHEEL_INACTIVE', 409, 'The prize wheel is not running right now.'],
  ])('shows a refused spin (%s) as spin.error in an error dialog', async (code, status, says) => {
    wheelServer({ coins: 1 });
    server.use(http.post('*/api/spinwheel/spin', () => HttpResponse.json({ message: code }, { status })));
    const { user } = await openSpin();
    await user.click(await screen.findByRole('button', { name: 'Spin the wheel. Coins: 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(within(dialog).getByText(says)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Spin the wheel. Coins: 1' })).not.toHaveAttribute('aria-disabled');
  });

  it('greys the centre button at zero coins and sends no spin', async () => {
    const wheel = wheelServer({ coins: 0 });
    answerSpins(wheel, SLICES[0] as (typeof SLICES)[number], 'cash');
    const { user } = await openSpin();
    const hub = await screen.findByRole('button', { name: 'Spin the wheel. Coins: 0' });
    expect(hub).toHaveClass('cursor-not-allowed', 'bg-slate-400');
    await user.click(hub);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(wheel.spins).toHaveLength(0);
  });

  it('claims a coupon once on a double tap, then shows the prize label and reloads the coupons', async () => {
    const wheel = wheelServer({ coupons: [coupon(1, 'CASH_50', '50 baht', 50)] });
    server.use(
      http.post('*/api/spinwheel/coupon/claim', async ({ request }) => {
        const body = await request.json();
        wheel.claims.push({ key: request.headers.get(IDEMPOTENCY_KEY_HEADER), body });
        const claimed = { ...coupon(1, 'CASH_50', '50 baht', 50), claimedAt: '2026-11-23T00:00:00.000Z' };
        wheel.state.coupons = [{ ...claimed, claimable: false }];
        wheel.state.wallet += 50;
        return HttpResponse.json({ message: 'OK', coupon: claimed, wallet: { amount: wheel.state.wallet } });
      }),
    );
    const { user } = await openSpin();
    await user.click(await screen.findByRole('button', { name: 'Claim coupon 1: 50 baht' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim prize' });
    expect(within(dialog).getByText('Prize: 50 baht')).toBeInTheDocument();
    // The slice's description, sanitized.
    expect(within(dialog).getByText('50 baht', { selector: 'b' })).toBeInTheDocument();
    expect(dialog.querySelector('img, [onerror]')).toBeNull();
    const coupons = wheel.calls.coupons ?? 0;
    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirm' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(within(success).getByText('50 baht has been added to your wallet.')).toBeInTheDocument();
    expect(wheel.claims).toEqual([
      { key: expect.stringMatching(/^[0-9a-f-]{36}$/), body: { coupon: coupon(1, '', '', 0).id } },
    ]);
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(wheel.calls.coupons).toBe(coupons + 1));
    const claimed = await screen.findByRole('button', { name: 'Claim coupon 1: 50 baht' });
    await waitFor(() => expect(claimed).toHaveTextContent('Claimed'));
    expect(claimed).toBeDisabled();
  });

  it('pages the coupons through the server 3 at a time, reloads the page shown after a claim, back to 1 after a win', async () => {
    const wheel = wheelServer({
      coupons: [
        coupon(1, 'CASH_10', '10 baht', 10),
        coupon(2, 'CASH_50', '50 baht', 50),
        coupon(3, 'CASH_10', '10 baht', 10),
        coupon(4, 'CASH_10', '10 baht', 10),
        coupon(5, 'CASH_50', '50 baht', 50),
        coupon(6, 'TSHIRT', 'T-shirt', 0, { type: 'item', claimable: false }),
        coupon(7, 'CASH_10', '10 baht', 10, { claimable: false, claimedAt: '2026-11-21T10:00:00.000Z' }),
        coupon(8, 'CASH_10', '10 baht', 10, { claimable: false }),
      ],
    });
    server.use(
      http.post('*/api/spinwheel/coupon/claim', async ({ request }) => {
        const { coupon: id } = (await request.json()) as { coupon: string };
        const claimedAt = '2026-11-23T00:00:00.000Z';
        wheel.state.coupons = wheel.state.coupons.map((each) =>
          each.id === id ? { ...each, claimedAt, claimable: false } : each,
        );
        const claimed = wheel.state.coupons.find((each) => each.id === id);
        return HttpResponse.json({ message: 'SUCCESS', coupon: claimed, wallet: { amount: 1550.5 } });
      }),
    );
    answerSpins(wheel, SLICES[0] as (typeof SLICES)[number], 'cash');
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    const { user } = await openSpin();
    const table = await screen.findByRole('table', { name: 'My coupons' });
    const numbers = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(numbers()).toEqual(['1', '2', '3']);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByText('5 coupons to claim')).toBeInTheDocument();
    expect(wheel.pages).toEqual(['page=1&limit=3']);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('2 / 3')).toBeInTheDocument();
    await waitFor(() => expect(numbers()).toEqual(['4', '5', '6']));
    expect(wheel.pages.at(-1)).toBe('page=2&limit=3');

    // A claim on page 2 reloads page 2: the coupon shows as claimed where it was.
    await user.click(screen.getByRole('button', { name: 'Claim coupon 5: 50 baht' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Claim prize' })).getByRole('button', { name: 'Confirm' }),
    );
    const success = await screen.findByRole('dialog', { name: 'Success' });
    const asked = wheel.pages.length;
    await user.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(wheel.pages.slice(asked)).toContain('page=2&limit=3'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Claim coupon 5: 50 baht' })).toHaveTextContent('Claimed'),
    );
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(screen.getByText('4 coupons to claim')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(numbers()).toEqual(['7', '8']));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    // A won coupon is the newest: closing the prize modal shows page 1, where it is.
    await user.click(screen.getByRole('button', { name: 'Spin the wheel. Coins: 3' }));
    const prize = await screen.findByRole('dialog', { name: 'Congratulations!' });
    await user.click(within(prize).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('1 / 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Claim coupon 1: 10 baht' })).toBeEnabled());
    expect(wheel.state.coupons[0]?.id).toBe(coupon(91, '', '', 0).id);
    expect(wheel.pages.at(-1)).toBe('page=1&limit=3');
    vi.unstubAllGlobals();
  });

  it('shows a refused claim with the error catalogue text', async () => {
    wheelServer({ coupons: [coupon(1, 'CASH_10', '10 baht', 10)] });
    server.use(
      http.post('*/api/spinwheel/coupon/claim', () =>
        HttpResponse.json({ message: 'COUPON_EXPIRED' }, { status: 409 }),
      ),
    );
    const { user } = await openSpin();
    await user.click(await screen.findByRole('button', { name: 'Claim coupon 1: 10 baht' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Claim prize' })).getByRole('button', { name: 'Confirm' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(within(dialog).getByText('The coupon has expired.')).toBeInTheDocument();
  });

  it('says so when no wheel is running, and still lists the coupons', async () => {
    wheelServer({ active: false, coupons: [coupon(1, 'CASH_10', '10 baht', 10)] });
    await openSpin();
    expect(
      await screen.findByText('The prize wheel is not running right now. Please come back later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Prize wheel/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Spin the wheel/ })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Claim coupon 1: 10 baht' })).toBeEnabled();
  });
});

describe('the home spin widget', () => {
  it('takes the third place with the coins from the wallet and opens the wheel when a wheel runs', async () => {
    wheelServer({ coins: 3 });
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    const { user } = renderApp('/user/home');
    const widgets = await screen.findByRole('region', { name: 'Shortcuts' });
    const spin = await within(widgets).findByRole('link', { name: 'Spin wheel, 3 coins' });
    expect(within(widgets).queryByRole('button', { name: 'Refresh all' })).toBeNull();
    // Six widgets (spec section 2, Home), the wheel's in the third place.
    const tiles = Array.from(widgets.children);
    expect(tiles).toHaveLength(6);
    expect(tiles[2]).toBe(spin);
    await user.click(spin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Prize wheel' })).toBeInTheDocument();
    expect(currentPath()).toBe('/user/spin');
  });

  it('leaves the refresh-all widget when no wheel runs', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/spinwheel/active', () => {
        asked += 1;
        return HttpResponse.json({ isActive: false });
      }),
    );
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    renderApp('/user/home');
    const widgets = await screen.findByRole('region', { name: 'Shortcuts' });
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    const tiles = Array.from(widgets.children);
    expect(tiles).toHaveLength(6);
    expect(tiles[2]).toBe(within(widgets).getByRole('button', { name: 'Refresh all' }));
    expect(within(widgets).queryByRole('link', { name: /Spin wheel/ })).toBeNull();
  });
});
