import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { act, screen, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

// jsdom has no canvas: the saved picture is drawn and decoded in e2e/tests/member-edges.spec.ts.
vi.mock('../src/features/deposit/qr-picture.ts', async (original) => ({
  ...(await original<typeof import('../src/features/deposit/qr-picture.ts')>()),
  drawQrPicture: async () => new Blob(['png'], { type: 'image/png' }),
}));

const EXPIRED = 'This QR code has expired. Make a new one to deposit.';
const AGAIN = 'New QR code for ฿250.00';

const kbank = {
  bankCode: 'KBANK',
  bankType: 'BANK',
  mode: 'QR',
  bankNameTH: 'ธนาคารกสิกรไทย',
  bankNameEN: 'KBank QR',
  bankNameLO: 'ທະນາຄານກະສິກອນໄທ',
  accountName: 'LUCKY WALLET CO',
  accountNo: '',
  currency: 'BAHT',
  minAmount: 0,
};

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect/></svg>';

function noQr() {
  return { qrcodeId: '', hasQrcode: false, qrcode: '', amount: 0, expireIn: 0, message: 'NO_DATA' };
}

function liveQr(expireIn: number, qrcodeId = 'QR-1') {
  return { qrcodeId, hasQrcode: true, qrcode: SVG, amount: 250, expireIn, message: 'SUCCESS' };
}

/**
 * GET /api/qrcode/KBANK as the server answers it: the QR lives `lifeMs` from the first read by the server's
 * clock, `expireIn` counts down from that end (rounded up), and from the end on there is no live QR (NO_DATA).
 * `slow[n]` holds the n-th answer back that long (a slow network, a busy phone); `gone()` ends the QR now
 * (paid, or cancelled).
 */
function serveQr({ lifeMs, slow = {} }: { lifeMs: number; slow?: Record<number, number> }) {
  let endsAt: number | null = null;
  let ended = false;
  let reads = 0;
  server.use(
    http.get('*/api/lookup/deposit', () => HttpResponse.json({ banks: [kbank], wallets: [], isManual: false })),
    http.get('*/api/qrcode/KBANK', async () => {
      const now = Date.now();
      endsAt ??= now + lifeMs;
      const answer = ended || now >= endsAt ? noQr() : liveQr(Math.ceil((endsAt - now) / 1000));
      const wait = slow[reads] ?? 0;
      reads += 1;
      if (wait > 0) await delay(wait);
      return HttpResponse.json(answer);
    }),
  );
  return {
    gone: () => {
      ended = true;
    },
  };
}

async function openKbankTab() {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  const view = renderApp('/user/home', { advanceTimers: vi.advanceTimersByTime });
  await screen.findByRole('heading', { name: 'Hello, Somchai' });
  await view.user.click(screen.getByRole('button', { name: 'Deposit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
  await view.user.click(await within(dialog).findByRole('tab', { name: 'KBank QR' }));
  return { ...view, panel: within(dialog).getByRole('tabpanel', { name: 'KBank QR' }) };
}

/** Lets `ms` pass on the fake clock in small steps, so each answer and re-read happens in its turn. */
async function elapse(ms: number, step = 100) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(() => vi.advanceTimersByTimeAsync(step));
  }
}

/**
 * Lets time pass until the QR leaves the panel, and answers what its countdown showed last: the QR was live
 * with that much time left on screen when it went.
 */
async function untilQrLeaves(panel: HTMLElement, limitMs = 30_000) {
  let lastShown: string | null = null;
  for (let passed = 0; passed < limitMs; passed += 100) {
    const timer = within(panel).queryByRole('timer');
    if (timer === null) return lastShown;
    lastShown = timer.textContent;
    await act(() => vi.advanceTimersByTimeAsync(100));
  }
  throw new Error(`the QR was still shown after ${limitMs} ms`);
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a QR that stops being live', () => {
  it('says it expired, with a new QR of the same amount, when a re-read finds no live QR while the countdown still shows time left', async () => {
    const posts: unknown[] = [];
    // The first answer comes 3 s late (a slow phone opening the modal): the countdown runs 3 s behind the server.
    serveQr({ lifeMs: 20_000, slow: { 0: 3_000 } });
    server.use(
      http.post('*/api/qrcode/KBANK', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(liveQr(600, 'QR-2'));
      }),
    );
    const { user, panel } = await openKbankTab();
    await elapse(3_000);
    expect(await within(panel).findByRole('timer')).toBeInTheDocument();
    const lastShown = await untilQrLeaves(panel);
    // The re-read, not the countdown, found it gone: the member still saw time left.
    expect(lastShown).toMatch(/^00:0[1-9]$/);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(EXPIRED);
    await user.click(within(panel).getByRole('button', { name: AGAIN }));
    expect(await within(panel).findByRole('img', { name: 'QR code to pay ฿250.00' })).toBeInTheDocument();
    expect(posts).toEqual([{ amount: 250 }]);
    expect(within(panel).queryByRole('alert')).toBeNull();
  }, 20_000);

  it('says it expired when the live re-read just before its end was answered late', async () => {
    // The countdown runs 2 s behind; the fourth read (at about 11 s, 9 s left) is answered 6 s late, so by the
    // next re-read, at about 20 s, the server has ended the QR while that late answer still promised 6 s more.
    serveQr({ lifeMs: 19_500, slow: { 0: 2_000, 3: 6_000 } });
    const { panel } = await openKbankTab();
    await elapse(2_000);
    expect(await within(panel).findByRole('timer')).toBeInTheDocument();
    const lastShown = await untilQrLeaves(panel);
    expect(lastShown).toMatch(/^00:0[1-9]$/);
    expect(await within(panel).findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(within(panel).getByRole('button', { name: AGAIN })).toBeInTheDocument();
  }, 20_000);

  it('says nothing of expiry when the member cancels it in its last seconds', async () => {
    const qr = serveQr({ lifeMs: 4_500 });
    server.use(
      http.delete('*/api/qrcode/KBANK/QR-1', () => {
        qr.gone();
        return HttpResponse.json({ message: 'SUCCESS' });
      }),
    );
    const { user, panel } = await openKbankTab();
    expect(await within(panel).findByRole('timer')).toHaveTextContent(/^00:0[1-5]$/);
    await user.click(within(panel).getByRole('button', { name: 'Cancel QR code' }));
    expect(await within(panel).findByRole('button', { name: 'Create QR code' })).toBeInTheDocument();
    await elapse(6_000);
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(panel).queryByRole('button', { name: AGAIN })).toBeNull();
  });

  it('says nothing of expiry when a re-read finds it gone long before its end: it was paid', async () => {
    const qr = serveQr({ lifeMs: 600_000 });
    const { panel } = await openKbankTab();
    expect(await within(panel).findByRole('timer')).toBeInTheDocument();
    qr.gone();
    await untilQrLeaves(panel);
    expect(within(panel).getByRole('button', { name: 'Create QR code' })).toBeInTheDocument();
    await elapse(1_000);
    expect(within(panel).queryByRole('alert')).toBeNull();
  });
});
