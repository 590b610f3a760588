import { IDEMPOTENCY_KEY_HEADER, STORAGE_KEYS } from '@member-wallet/contract/constants';
import { decryptGiftLink } from '@member-wallet/contract/truelink';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_QR_POLL_MS } from '../src/features/deposit/api/get-qrcode.ts';
import { renderApp } from './render-app.tsx';
import { demoWallet, server } from './server.ts';

// jsdom has no canvas: the picture itself is drawn and decoded in e2e/tests/member-edges.spec.ts.
const drawn = vi.hoisted(() => ({ texts: [] as unknown[] }));
vi.mock('../src/features/deposit/qr-picture.ts', async (original) => ({
  ...(await original<typeof import('../src/features/deposit/qr-picture.ts')>()),
  drawQrPicture: async (_source: string, texts: unknown) => {
    drawn.texts.push(texts);
    return new Blob(['png'], { type: 'image/png' });
  },
}));

/** A deposit entry as GET /api/lookup/deposit lists it; tests override what they need. */
function entry(overrides: Record<string, unknown> = {}) {
  return {
    bankCode: 'SCB',
    bankType: 'BANK',
    mode: 'AUTO',
    bankNameTH: 'ธนาคารไทยพาณิชย์',
    bankNameEN: 'Siam Commercial Bank',
    bankNameLO: 'ທະນາຄານໄທພານິດ',
    accountName: 'LUCKY WALLET CO',
    accountNo: '1112223333',
    currency: 'BAHT',
    minAmount: 0,
    ...overrides,
  };
}

const qrEntries = [
  entry({ bankCode: 'KBANK', mode: 'QR', bankNameEN: 'KBank QR', accountNo: '' }),
  entry({ bankCode: 'WW', bankType: 'PAYMENT', mode: 'QR', bankNameEN: 'WW Pay', accountNo: '', minAmount: 100 }),
  entry({ bankCode: 'FP', bankType: 'PAYMENT', mode: 'QR', bankNameEN: 'FP Pay', accountNo: '', minAmount: 10 }),
  entry({ bankCode: 'PAYONEX', bankType: 'PAYMENT', mode: 'QR', bankNameEN: 'Payonex', accountNo: '', minAmount: 100 }),
];

function noQr(message = 'NO_DATA') {
  return { qrcodeId: '', hasQrcode: false, qrcode: '', amount: 0, expireIn: 0, message };
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect/></svg>';

function liveQr(overrides: Record<string, unknown> = {}) {
  return { qrcodeId: 'QR-1', hasQrcode: true, qrcode: SVG, amount: 250, expireIn: 65, message: 'OK', ...overrides };
}

/** Answers the deposit lookup; every QR gateway has no live QR unless a test says otherwise. */
function answerLookup(lookup: { banks?: JsonBodyType[]; wallets?: JsonBodyType[]; isManual?: boolean }) {
  server.use(
    http.get('*/api/lookup/deposit', () => HttpResponse.json({ banks: [], wallets: [], isManual: false, ...lookup })),
    http.get('*/api/qrcode/:gateway', () => HttpResponse.json(noQr())),
    http.get('*/api/lookup/slip', () =>
      HttpResponse.json({ closeFrom: '23:00', closeTo: '00:30', timeZone: 'Asia/Bangkok', closed: false }),
    ),
  );
}

/** How many times each GET path was requested. */
function countGets() {
  const counts = new Map<string, number>();
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET') return;
    const path = new URL(request.url).pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
  });
  return (path: string) => counts.get(path) ?? 0;
}

async function openDeposit(options: { fakeTimers?: boolean } = {}) {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  const view = renderApp('/user/home', options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  await screen.findByRole('heading', { name: 'Hello, Somchai' });
  const opener = screen.getByRole('button', { name: 'Deposit' });
  await view.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
  return { ...view, dialog, opener };
}

/** The toast showing `text`, with its tone. */
async function toast(text: string | RegExp) {
  const found = await screen.findByText(text, { selector: '[data-tone] p' });
  return found.closest('[data-tone]')?.getAttribute('data-tone');
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
});

afterEach(() => {
  server.events.removeAllListeners();
  vi.useRealTimers();
});

describe('deposit widget', () => {
  it('comes first in the shortcut grid and opens the modal lazily', async () => {
    answerLookup({ banks: [entry()] });
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    renderApp('/user/home');
    await screen.findByRole('heading', { name: 'Hello, Somchai' });
    const grid = screen.getByRole('region', { name: 'Shortcuts' });
    const labels = within(grid)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(labels[0]).toBe('Deposit');
    expect(labels[1]).toBe('Withdraw');
  });

  it('hides the spinner without a toast when the lookup fails, and offers a retry', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/lookup/deposit', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'INTERNAL_SERVER_ERROR' }, { status: 500 })
          : HttpResponse.json({ banks: [entry()], wallets: [], isManual: false });
      }),
    );
    const { user, dialog } = await openDeposit();
    const retry = await within(dialog).findByRole('button', { name: 'Try again' });
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(screen.queryByText('Something went wrong. Please try again later.')).toBeNull();
    await user.click(retry);
    expect(await within(dialog).findByRole('article', { name: 'Siam Commercial Bank' })).toBeInTheDocument();
  });
});

describe('bank entries', () => {
  it('shows the bundled logo of each bank that has one, and no broken picture for one that has none', async () => {
    answerLookup({ banks: [entry(), entry({ bankCode: 'BCEL', bankNameEN: 'BCEL', accountNo: '0101' })] });
    const { dialog } = await openDeposit();
    const scb = await within(dialog).findByRole('article', { name: 'Siam Commercial Bank' });
    expect(scb.querySelector('img')?.getAttribute('src')).toMatch(/SCB.*\.png$/);
    const bcel = within(dialog).getByRole('article', { name: 'BCEL' });
    expect(bcel.querySelector('img')).toBeNull();
  });

  it("shows the bank in the reader's language and the account grouped 3-3-rest, and copies with a toast", async () => {
    answerLookup({ banks: [entry()] });
    const { user, dialog } = await openDeposit();
    const bank = await within(dialog).findByRole('article', { name: 'Siam Commercial Bank' });
    expect(within(bank).getByText('111-222-3333')).toBeInTheDocument();
    expect(within(bank).getByText('LUCKY WALLET CO')).toBeInTheDocument();
    expect(
      within(bank).getByText(/only from the bank account you registered with \(123-456-7890\)/),
    ).toBeInTheDocument();
    await user.click(within(bank).getByRole('button', { name: 'Copy Account number' }));
    expect(await toast('Copied: 1112223333')).toBe('success');
    await expect(navigator.clipboard.readText()).resolves.toBe('1112223333');
  });

  it("says 'Failed to copy' when the clipboard refuses", async () => {
    answerLookup({ banks: [entry()] });
    const { user, dialog } = await openDeposit();
    const bank = await within(dialog).findByRole('article', { name: 'Siam Commercial Bank' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(bank).getByRole('button', { name: 'Copy Account name' }));
    expect(await toast('Failed to copy')).toBe('error');
  });

  it('asks the member to refresh after transferring, and closes the modal', async () => {
    answerLookup({ banks: [entry({ mode: 'MANUAL' })], isManual: true });
    const { user, dialog, opener } = await openDeposit();
    const bank = await within(dialog).findByRole('article', { name: 'Siam Commercial Bank' });
    expect(within(bank).getByText(/upload the slip below/)).toBeInTheDocument();
    await user.click(within(bank).getByRole('button', { name: 'I have transferred' }));
    expect(await toast(/Deposits reach your wallet within 1 minute/)).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});

describe('bank-name prompt', () => {
  function walletOf(bankCode: string, bankAccountName: string) {
    const base = demoWallet();
    return demoWallet({ bankAccount: { ...base.bankAccount, bankCode, bankAccountName } });
  }

  /** Opens the deposit sheet and sends `name` from its prompt; the sheet, for what the answer shows. */
  async function sendName(name: string) {
    answerLookup({ banks: [entry()] });
    const { user, dialog } = await openDeposit();
    const prompt = await within(dialog).findByRole('form', { name: 'Your account name in English' });
    await user.type(within(prompt).getByLabelText('Account name (English letters)'), name);
    await user.click(within(prompt).getByRole('button', { name: 'Save' }));
    return dialog;
  }

  it.each([
    ['KTB', 'สมชาย ใจดี', true, [entry()]],
    ['TMB', 'สมชาย ใจดี', true, [entry()]],
    ['BBL', 'SOMCHAI2', true, [entry()]],
    ['KBANK', 'สมชาย ใจดี', false, [entry()]],
    ['KTB', 'SOMCHAI JAIDEE', false, [entry()]],
    ['KTB', 'สมชาย ใจดี (no automatic account)', false, [entry({ mode: 'MANUAL' })]],
  ])('for bank %s and name %s, shown: %s', async (bankCode, name, shown, banks) => {
    server.use(http.get('*/api/wallet', () => HttpResponse.json(walletOf(bankCode, name))));
    answerLookup({ banks });
    const { dialog } = await openDeposit();
    await within(dialog).findByRole('article', { name: 'Siam Commercial Bank' });
    const prompt = within(dialog).queryByRole('form', { name: 'Your account name in English' });
    if (shown) expect(prompt).toBeInTheDocument();
    else expect(prompt).toBeNull();
  });

  it("refuses what is not English letters with 'required English language', then saves it upper-cased and trimmed", async () => {
    let wallets = 0;
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(wallets === 1 ? walletOf('KTB', 'สมชาย ใจดี') : walletOf('KTB', 'SOMCHAI JAIDEE'));
      }),
      http.put('*/api/account/bankAccountName', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'OK' });
      }),
    );
    answerLookup({ banks: [entry()] });
    const { user, dialog } = await openDeposit();
    const prompt = await within(dialog).findByRole('form', { name: 'Your account name in English' });
    const input = within(prompt).getByLabelText('Account name (English letters)');
    const save = within(prompt).getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(within(prompt).getByRole('alert')).toHaveTextContent('required English language');
    await user.type(input, 'สมชาย');
    await user.click(save);
    expect(within(prompt).getByRole('alert')).toHaveTextContent('required English language');
    await user.clear(input);
    await user.type(input, '  somchai jaidee ');
    expect(input).toHaveValue('  SOMCHAI JAIDEE ');
    expect(sent).toEqual([]);
    await user.click(save);
    await waitFor(() => expect(sent).toEqual([{ bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' }]));
    await waitFor(() => expect(wallets).toBe(2));
    await waitFor(() =>
      expect(within(dialog).queryByRole('form', { name: 'Your account name in English' })).toBeNull(),
    );
  });

  it('says a name that is not a spelling waits for review, and leaves the wallet as it is', async () => {
    let wallets = 0;
    server.use(
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(walletOf('KTB', 'สมชาย ใจดี'));
      }),
      http.put('*/api/account/bankAccountName', () => HttpResponse.json({ message: 'REVIEW' })),
    );
    const dialog = await sendName('SOMEONE ELSE');
    const status = await within(dialog).findByRole('status', { name: 'Your account name in English' });
    expect(status).toHaveTextContent('our staff will check it first');
    expect(within(dialog).queryByRole('form', { name: 'Your account name in English' })).toBeNull();
    expect(wallets).toBe(1);
  });

  it('says the earlier change still waits for our staff, not an error, when one is already under review', async () => {
    server.use(
      http.get('*/api/wallet', () => HttpResponse.json(walletOf('KTB', 'สมชาย ใจดี'))),
      http.put('*/api/account/bankAccountName', () =>
        HttpResponse.json({ message: 'BANK_NAME_UNDER_REVIEW' }, { status: 409 }),
      ),
    );
    const dialog = await sendName('SOMEONE ELSE');
    const status = await within(dialog).findByRole('status', { name: 'Your account name in English' });
    expect(status).toHaveTextContent('our staff will check it first');
    expect(document.querySelector('[data-tone="error"]')).toBeNull();
  });

  it('shows a failed update as a red toast with the translated error', async () => {
    server.use(
      http.get('*/api/wallet', () => HttpResponse.json(walletOf('KTB', 'สมชาย ใจดี'))),
      http.put('*/api/account/bankAccountName', () =>
        HttpResponse.json({ message: 'BANK_ACCOUNT_NAME_ENG' }, { status: 400 }),
      ),
    );
    await sendName('SOMCHAI');
    expect(await toast('Bank account name must be in English only')).toBe('error');
  });
});

describe('QR deposit', () => {
  async function openTab(name: string, options: { fakeTimers?: boolean } = {}) {
    const view = await openDeposit(options);
    const tab = await within(view.dialog).findByRole('tab', { name });
    await view.user.click(tab);
    const panel = within(view.dialog).getByRole('tabpanel', { name });
    return { ...view, panel };
  }

  function quickAmounts(panel: HTMLElement) {
    const group = within(panel).getByRole('group', { name: 'Quick amounts' });
    return within(group)
      .getAllByRole('button')
      .map((button) => button.textContent);
  }

  it.each([
    ['KBank QR', ['10.00', '20.00', '50.00', '100.00', '500.00', '1,000.00']],
    ['WW Pay', ['100.00', '200.00', '300.00', '500.00', '1,000.00']],
    ['Payonex', ['100.00', '200.00', '300.00', '500.00', '1,000.00']],
    ['FP Pay', ['10.00', '50.00', '100.00', '500.00', '1,000.00']],
  ])('offers the quick amounts of %s', async (name, amounts) => {
    answerLookup({ banks: qrEntries });
    const { panel } = await openTab(name);
    expect(await within(panel).findByRole('group', { name: 'Quick amounts' })).toBeInTheDocument();
    expect(quickAmounts(panel)).toEqual(amounts);
  });

  it('disables create below the gateway minimum, and a quick amount fills the input', async () => {
    answerLookup({ banks: qrEntries });
    const { user, panel } = await openTab('WW Pay');
    const amount = await within(panel).findByLabelText('Amount');
    const create = within(panel).getByRole('button', { name: 'Create QR code' });
    expect(within(panel).getByText('At least 100.00.')).toBeInTheDocument();
    expect(create).toBeDisabled();
    await user.type(amount, '99.99');
    expect(create).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: '200.00' }));
    expect(amount).toHaveValue('200');
    expect(create).toBeEnabled();
  });

  it('takes the server minimum for FP when it is above the build setting', async () => {
    answerLookup({ banks: [{ ...qrEntries[2], minAmount: 30 }] });
    const { user, panel } = await openTab('FP Pay');
    const create = await within(panel).findByRole('button', { name: 'Create QR code' });
    await user.type(within(panel).getByLabelText('Amount'), '10');
    expect(create).toBeDisabled();
    await user.clear(within(panel).getByLabelText('Amount'));
    await user.type(within(panel).getByLabelText('Amount'), '30');
    expect(create).toBeEnabled();
  });

  it('needs more than 0 for the first provider, and ignores a creation below 1', async () => {
    const posts: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname.startsWith('/api/qrcode/')) posts.push(1);
    });
    answerLookup({ banks: qrEntries });
    const { user, panel } = await openTab('KBank QR');
    const amount = await within(panel).findByLabelText('Amount');
    const create = within(panel).getByRole('button', { name: 'Create QR code' });
    await user.type(amount, '0');
    expect(create).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '0.5');
    expect(create).toBeEnabled();
    await user.click(create);
    await user.type(amount, '{Enter}');
    expect(posts).toEqual([]);
  });

  it('creates a QR with an idempotency key, shows it as an image with its amount, and re-fetches the other gateways', async () => {
    const gets = countGets();
    const bodies: { body: unknown; key: string | null }[] = [];
    answerLookup({ banks: qrEntries });
    server.use(
      http.post('*/api/qrcode/KBANK', async ({ request }) => {
        bodies.push({ body: await request.json(), key: request.headers.get(IDEMPOTENCY_KEY_HEADER) });
        return HttpResponse.json(liveQr());
      }),
    );
    const { user, panel } = await openTab('KBank QR');
    await user.type(await within(panel).findByLabelText('Amount'), '250');
    await waitFor(() => expect(gets('/api/qrcode/WW')).toBe(1));
    expect(gets('/api/qrcode/FP')).toBe(1);
    expect(gets('/api/qrcode/KBANK')).toBe(1);
    await user.click(within(panel).getByRole('button', { name: 'Create QR code' }));
    const image = await within(panel).findByRole('img', { name: 'QR code to pay ฿250.00' });
    expect(bodies).toEqual([{ body: { amount: 250 }, key: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(image.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    // The markup is never put into the page: no <svg> and no <script> from it.
    expect(panel.querySelector('svg rect, script')).toBeNull();
    expect(within(panel).getByText(/Scan this QR code with your bank app to pay ฿250.00/)).toBeInTheDocument();
    await waitFor(() => expect(gets('/api/qrcode/WW')).toBe(2));
    expect(gets('/api/qrcode/FP')).toBe(2);
    expect(gets('/api/qrcode/PAYONEX')).toBe(2);
    // Its own QR came with the answer: not read again.
    expect(gets('/api/qrcode/KBANK')).toBe(1);
  });

  it('offers the shown QR as a picture to save, with its amount, recipient and deadline, and to share', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T07:00:00Z'));
    const shared: unknown[] = [];
    Object.assign(navigator, {
      canShare: () => true,
      share: async (data: unknown) => {
        shared.push(data);
      },
    });
    Object.assign(URL, { createObjectURL: () => 'blob:qr-picture', revokeObjectURL: () => undefined });
    drawn.texts.length = 0;
    answerLookup({ banks: qrEntries });
    server.use(http.get('*/api/qrcode/KBANK', () => HttpResponse.json(liveQr({ expireIn: 600 }))));
    const { user, panel } = await openTab('KBank QR');
    const save = await within(panel).findByRole('link', { name: 'Save picture' });
    expect(save).toHaveAttribute('href', 'blob:qr-picture');
    expect(save).toHaveAttribute('download', 'deposit-qr-KBANK-250.00.png');
    expect(drawn.texts).toContainEqual({
      recipient: 'To LUCKY WALLET CO',
      amount: '฿250.00',
      expiry: expect.stringMatching(/^Pay before 25\/11\/2026 14:10:0\d$/),
    });
    await user.click(within(panel).getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(shared).toHaveLength(1));
    const [file] = (shared[0] as { files: File[] }).files;
    expect(file?.name).toBe('deposit-qr-KBANK-250.00.png');
    expect(file?.type).toBe('image/png');
  });

  it('shows the translated message as a red toast when the answer has no QR', async () => {
    answerLookup({ banks: qrEntries });
    server.use(http.post('*/api/qrcode/WW', () => HttpResponse.json(noQr('QR_FAIL'))));
    const { user, panel } = await openTab('WW Pay');
    await user.click(await within(panel).findByRole('button', { name: '100.00' }));
    await user.click(within(panel).getByRole('button', { name: 'Create QR code' }));
    expect(await toast('Could not create the QR code.')).toBe('error');
    expect(within(panel).queryByRole('img')).toBeNull();
  });

  it('counts down in mm:ss every second and drops the QR at 00:00', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerLookup({ banks: qrEntries });
    // The server counts expireIn down from the QR's deadline: the live QR is read again every few seconds.
    const deadline = Date.now() + 65_000;
    const expireIn = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    server.use(http.get('*/api/qrcode/KBANK', () => HttpResponse.json(liveQr({ expireIn: expireIn() }))));
    const { panel } = await openTab('KBank QR', { fakeTimers: true });
    const countdown = await within(panel).findByRole('timer');
    expect(countdown).toHaveTextContent('01:05');
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(countdown).toHaveTextContent('01:04');
    await act(async () => {
      vi.advanceTimersByTime(54_000);
    });
    expect(countdown).toHaveTextContent('00:10');
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    await waitFor(() => expect(within(panel).queryByRole('img')).toBeNull());
    expect(within(panel).getByRole('button', { name: 'Create QR code' })).toBeInTheDocument();
  });

  it('says an expired QR expired and offers a new one of the same amount', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerLookup({ banks: qrEntries });
    const posts: unknown[] = [];
    let live = true;
    server.use(
      http.get('*/api/qrcode/KBANK', () => HttpResponse.json(live ? liveQr({ expireIn: 5 }) : noQr())),
      http.post('*/api/qrcode/KBANK', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(liveQr({ qrcodeId: 'QR-2', expireIn: 600 }));
      }),
    );
    const { user, panel } = await openTab('KBank QR', { fakeTimers: true });
    await within(panel).findByRole('timer');
    live = false;
    await act(async () => {
      vi.advanceTimersByTime(6_000);
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'This QR code has expired. Make a new one to deposit.',
    );
    await user.click(within(panel).getByRole('button', { name: 'New QR code for ฿250.00' }));
    expect(await within(panel).findByRole('img', { name: 'QR code to pay ฿250.00' })).toBeInTheDocument();
    expect(posts).toEqual([{ amount: 250 }]);
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says a QR expired when the server ended it a moment before the countdown reached 00:00', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerLookup({ banks: qrEntries });
    let live = true;
    server.use(http.get('*/api/qrcode/KBANK', () => HttpResponse.json(live ? liveQr({ expireIn: 8 }) : noQr())));
    const { panel } = await openTab('KBank QR', { fakeTimers: true });
    await within(panel).findByRole('timer');
    // The server's clock is two seconds ahead: its re-read at 6 s finds the QR expired, the countdown shows 00:02.
    live = false;
    await act(async () => {
      vi.advanceTimersByTime(LIVE_QR_POLL_MS * 2);
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'This QR code has expired. Make a new one to deposit.',
    );
    expect(within(panel).getByRole('button', { name: 'New QR code for ฿250.00' })).toBeInTheDocument();
  });

  it('says nothing of expiry when a QR is gone long before its end: it was paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answerLookup({ banks: qrEntries });
    let paid = false;
    server.use(http.get('*/api/qrcode/KBANK', () => HttpResponse.json(paid ? noQr() : liveQr({ expireIn: 600 }))));
    const { panel } = await openTab('KBank QR', { fakeTimers: true });
    await within(panel).findByRole('timer');
    paid = true;
    await act(async () => {
      vi.advanceTimersByTime(LIVE_QR_POLL_MS);
    });
    await waitFor(() => expect(within(panel).queryByRole('timer')).toBeNull());
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('reads a live QR again until it is paid, then reads the wallet again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let paid = false;
    answerLookup({ banks: qrEntries });
    server.use(http.get('*/api/qrcode/KBANK', () => HttpResponse.json(paid ? noQr() : liveQr({ expireIn: 600 }))));
    const gets = countGets();
    const { panel } = await openTab('KBank QR', { fakeTimers: true });
    expect(await within(panel).findByRole('img')).toBeInTheDocument();
    const walletReads = gets('/api/wallet');
    paid = true;
    await act(async () => {
      vi.advanceTimersByTime(LIVE_QR_POLL_MS);
    });
    await waitFor(() => expect(within(panel).queryByRole('img')).toBeNull());
    await waitFor(() => expect(gets('/api/wallet')).toBeGreaterThan(walletReads));
  });

  it('cancels the QR with DELETE on its id', async () => {
    const deleted: string[] = [];
    answerLookup({ banks: qrEntries });
    server.use(
      http.get('*/api/qrcode/KBANK', () => HttpResponse.json(liveQr())),
      http.delete('*/api/qrcode/:gateway/:id', ({ request }) => {
        deleted.push(new URL(request.url).pathname);
        return HttpResponse.json({ message: 'OK' });
      }),
    );
    const { user, panel } = await openTab('KBank QR');
    await user.click(await within(panel).findByRole('button', { name: 'Cancel QR code' }));
    expect(await within(panel).findByRole('button', { name: 'Create QR code' })).toBeInTheDocument();
    expect(deleted).toEqual(['/api/qrcode/KBANK/QR-1']);
  });

  it('moves between tabs with the arrow keys', async () => {
    answerLookup({ banks: qrEntries });
    const { user, dialog } = await openDeposit();
    const first = await within(dialog).findByRole('tab', { name: 'KBank QR' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('tab', { name: 'WW Pay' })).toHaveFocus();
    expect(within(dialog).getByRole('tab', { name: 'WW Pay' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByRole('tab', { name: 'Payonex' })).toHaveFocus();
  });
});

describe('TrueMoney gift link', () => {
  const key = { keyId: 'k1', key: btoa(String.fromCharCode(...new Uint8Array(32).fill(7))) };
  const link = 'https://gift.truemoney.com/campaign/?v=abcdEFGH1234';
  const giftWallets = [{ mode: 'GIFT_LINK', walletAccountName: 'Lucky Wallet' }];

  it('keeps send disabled while empty, and sends an envelope that decrypts to the link', async () => {
    const sent: { link: string; key: string | null }[] = [];
    let wallets = 0;
    answerLookup({ wallets: giftWallets });
    server.use(
      http.get('*/api/lookup/truelink', () => HttpResponse.json(key)),
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(demoWallet());
      }),
      http.post('*/api/wallet/truelink', async ({ request }) => {
        const body = (await request.json()) as { link: string };
        sent.push({ link: body.link, key: request.headers.get(IDEMPOTENCY_KEY_HEADER) });
        return HttpResponse.json({ message: 'OK', wallet: { amount: 1600 }, status: 'SUCCESS', reference: 'G-1' });
      }),
    );
    const { user, dialog } = await openDeposit();
    expect(within(dialog).getByText(/at least 2.00 baht/)).toBeInTheDocument();
    const input = await within(dialog).findByLabelText('Gift link');
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.type(input, link);
    await user.click(send);
    const result = await screen.findByRole('dialog', { name: 'Success' });
    expect(result).toHaveTextContent('Your gift link was received and added to your wallet.');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.link).not.toContain('truemoney');
    await expect(decryptGiftLink(sent[0]?.link ?? '', { id: key.keyId, key: key.key })).resolves.toBe(link);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    await user.click(within(result).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(wallets).toBe(2));
  });

  it('says a link still being checked is being checked', async () => {
    answerLookup({ wallets: giftWallets });
    server.use(
      http.get('*/api/lookup/truelink', () => HttpResponse.json(key)),
      http.post('*/api/wallet/truelink', () =>
        HttpResponse.json({ message: 'IN_PROGRESS', wallet: { amount: 1500 }, status: 'IN_PROGRESS', reference: 'G' }),
      ),
    );
    const { user, dialog } = await openDeposit();
    await user.type(await within(dialog).findByLabelText('Gift link'), link);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/We are checking it now/)).toBeInTheDocument();
  });

  it('takes the whole text TrueMoney shares and sends only the gift link in it', async () => {
    const sent: string[] = [];
    answerLookup({ wallets: giftWallets });
    server.use(
      http.get('*/api/lookup/truelink', () => HttpResponse.json(key)),
      http.post('*/api/wallet/truelink', async ({ request }) => {
        sent.push(((await request.json()) as { link: string }).link);
        return HttpResponse.json({ message: 'OK', wallet: { amount: 1600 }, status: 'SUCCESS', reference: 'G-2' });
      }),
    );
    const { user, dialog } = await openDeposit();
    const input = await within(dialog).findByLabelText('Gift link');
    expect(input).toHaveAccessibleDescription(/or the whole message/);
    // Pasted as the share sheet copies it: words, an emoji and line breaks around the link.
    input.focus();
    await user.paste(`คุณได้รับซองของขวัญ 🧧\nกดรับได้ที่\n${link}\nABC ภายใน 24 ชั่วโมง`);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(sent).toHaveLength(1);
    await expect(decryptGiftLink(sent[0] ?? '', { id: key.keyId, key: key.key })).resolves.toBe(link);
  });

  it.each([
    ['no gift link', 'ส่งซองของขวัญให้คุณ กดรับในแอปได้เลย'],
    ['two vouchers', `${link} https://gift.truemoney.com/campaign/?v=zzzzZZZZ9999`],
    ['a broken gift link', 'https://gift.truemoney.com/campaign/?v=short'],
  ])('refuses a text with %s before sending anything', async (_case, text) => {
    let posts = 0;
    answerLookup({ wallets: giftWallets });
    server.use(
      http.get('*/api/lookup/truelink', () => HttpResponse.json(key)),
      http.post('*/api/wallet/truelink', () => {
        posts += 1;
        return HttpResponse.json({ message: 'OK', wallet: { amount: 1600 }, status: 'SUCCESS', reference: 'G-3' });
      }),
    );
    const { user, dialog } = await openDeposit();
    const input = await within(dialog).findByLabelText('Gift link');
    input.focus();
    await user.paste(text);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('The gift link is not valid.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);
    // Mending the text clears the error, and the link then goes.
    await user.clear(input);
    await user.type(input, link);
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(posts).toBe(1);
  });

  it.each([
    ['TRUELINK_DUPLICATE', 'This gift link has already been used.'],
    ['TRUELINK_INVALID', 'The gift link is not valid.'],
  ])('shows %s as a red toast', async (code, text) => {
    answerLookup({ wallets: giftWallets });
    server.use(
      http.get('*/api/lookup/truelink', () => HttpResponse.json(key)),
      http.post('*/api/wallet/truelink', () => HttpResponse.json({ message: code }, { status: 409 })),
    );
    const { user, dialog } = await openDeposit();
    await user.type(await within(dialog).findByLabelText('Gift link'), link);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await toast(text)).toBe('error');
  });
});

describe('slip upload', () => {
  function slip(overrides: Record<string, unknown> = {}) {
    return {
      id: 'S-1',
      createdAt: '2026-11-22T09:00:00.000Z',
      amount: 500,
      status: 'SUCCESS',
      note: null,
      link: null,
      reference: 'REF-1',
      ...overrides,
    };
  }

  function png(bytes = 10) {
    return new File([new Uint8Array(bytes)], 'slip.png', { type: 'image/png' });
  }

  it('is offered when the operator takes slips, with the 1-hour and closing-window texts', async () => {
    answerLookup({ banks: [entry()], isManual: true });
    const { dialog } = await openDeposit();
    expect(await within(dialog).findByText(/within 1 hour of the transfer/)).toBeInTheDocument();
    expect(await within(dialog).findByText('Slip uploads close daily from 23:00 to 00:30.')).toBeInTheDocument();
  });

  it('is not offered for automatic accounts only', async () => {
    answerLookup({ banks: [entry()], isManual: false });
    const { dialog } = await openDeposit();
    await within(dialog).findByRole('article', { name: 'Siam Commercial Bank' });
    expect(within(dialog).queryByLabelText('Slip picture')).toBeNull();
  });

  /** Picks a file as the browser would; `accept` only steers the picker, "All files" still picks anything. */
  function pick(input: HTMLElement, file: File) {
    const files = Object.assign([file], { item: (index: number) => (index === 0 ? file : null) });
    fireEvent.change(input, { target: { files } });
  }

  it("shows its own translated picker, never the browser's English one, with the chosen file's name", async () => {
    answerLookup({ isManual: true });
    const { user, dialog } = await openDeposit();
    const input = await within(dialog).findByLabelText('Slip picture');
    // The browser's picker ("Choose File / No file chosen", in the browser's language) is not shown.
    expect(input).toHaveClass('sr-only');
    expect(input).toHaveAccessibleDescription('No file chosen');
    expect(within(dialog).getByText('Choose file')).toBeVisible();
    await user.upload(input, png());
    expect(within(dialog).getByText('slip.png')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('slip.png');
  });

  it('checks the type and the size before sending', async () => {
    answerLookup({ isManual: true });
    const { dialog } = await openDeposit();
    const input = await within(dialog).findByLabelText('Slip picture');
    const upload = within(dialog).getByRole('button', { name: 'Upload slip' });
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    pick(input, new File(['gif'], 'slip.gif', { type: 'image/gif' }));
    expect(await within(dialog).findByText('File is not supported')).toBeInTheDocument();
    expect(upload).toBeDisabled();
    pick(input, png(5 * 1024 * 1024 + 1));
    expect(
      await within(dialog).findByText('The file is too large. Please select file no larger than 5 MB'),
    ).toBeInTheDocument();
    expect(upload).toBeDisabled();
    pick(input, png(5 * 1024 * 1024));
    await waitFor(() => expect(upload).toBeEnabled());
    expect(within(dialog).queryByText(/too large|not supported/)).toBeNull();
  });

  it('uploads the picture with a progress bar, then shows the credited amount and reloads the wallet on close', async () => {
    let wallets = 0;
    const fields: string[] = [];
    answerLookup({ isManual: true });
    server.use(
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(demoWallet());
      }),
      http.post('*/api/wallet/slip', async ({ request }) => {
        const form = await request.formData();
        fields.push(...form.keys());
        await delay(100);
        return HttpResponse.json({ message: 'SUCCESS', slip: slip(), wallet: { amount: 2000.5 } });
      }),
    );
    const { user, dialog } = await openDeposit();
    await user.upload(await within(dialog).findByLabelText('Slip picture'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Upload slip' }));
    expect(await within(dialog).findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    const result = await screen.findByRole('dialog', { name: 'Success' });
    expect(result).toHaveTextContent('Your slip was accepted: ฿500.00 was added to your wallet.');
    expect(fields).toEqual(['file']);
    // The sent picture is no longer chosen: uploading it again takes a new pick.
    expect(within(dialog).getByRole('button', { name: 'Upload slip' })).toBeDisabled();
    expect((within(dialog).getByLabelText('Slip picture') as HTMLInputElement).files).toHaveLength(0);
    await user.click(within(result).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(wallets).toBe(2));
  });

  it('shows the translated reason of a refused slip', async () => {
    answerLookup({ isManual: true });
    server.use(
      http.post('*/api/wallet/slip', () =>
        HttpResponse.json({
          message: 'SLIP_REFNO_DUPLICATED',
          slip: slip({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', amount: 0 }),
          wallet: { amount: 1500.5 },
        }),
      ),
    );
    const { user, dialog } = await openDeposit();
    await user.upload(await within(dialog).findByLabelText('Slip picture'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Upload slip' }));
    const result = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(result).toHaveTextContent('The slip was not accepted.');
    expect(result).toHaveTextContent('Duplicate slip');
  });

  it('says a slip still being verified is being checked', async () => {
    answerLookup({ isManual: true });
    server.use(
      http.post('*/api/wallet/slip', () =>
        HttpResponse.json({ message: 'IN_PROGRESS', slip: slip({ status: 'IN_PROGRESS' }), wallet: { amount: 1 } }),
      ),
    );
    const { user, dialog } = await openDeposit();
    await user.upload(await within(dialog).findByLabelText('Slip picture'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Upload slip' }));
    expect(await screen.findByText(/We are checking it now/)).toBeInTheDocument();
  });

  it('shows an HTTP refusal translated as a red toast', async () => {
    answerLookup({ isManual: true });
    server.use(
      http.post('*/api/wallet/slip', () => HttpResponse.json({ message: 'SLIP_INVALID_FILE' }, { status: 400 })),
    );
    const { user, dialog } = await openDeposit();
    await user.upload(await within(dialog).findByLabelText('Slip picture'), png());
    await user.click(within(dialog).getByRole('button', { name: 'Upload slip' }));
    expect(await toast('The slip file is not valid.')).toBe('error');
  });

  it('is disabled inside the daily closed window, naming it', async () => {
    answerLookup({ isManual: true });
    server.use(
      http.get('*/api/lookup/slip', () =>
        HttpResponse.json({ closeFrom: '23:00', closeTo: '00:30', timeZone: 'Asia/Bangkok', closed: true }),
      ),
    );
    const { dialog } = await openDeposit();
    expect(await within(dialog).findByText(/Slip uploads are closed now, from 23:00 to 00:30/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Slip picture')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Upload slip' })).toBeDisabled();
  });
});
