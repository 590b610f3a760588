import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

/**
 * The sandbox label (docs/parties/README.md): a SANDBOX mark on every page while the info lookup says a party
 * answers from its sandbox, a warning beside a sandbox QR, and a tag on a slip the sandbox verifier answered.
 */

const MARK = { name: 'SANDBOX · Test mode, no real money' };
const QR_WARNING = 'SANDBOX — not a real QR, do not pay';

function answerInfo(sandbox: boolean) {
  const info = { name: 'Lucky Wallet', website: 'https://example.test', ...(sandbox ? { sandbox: true } : {}) };
  server.use(http.get('*/api/lookup/info', () => HttpResponse.json(info)));
}

async function signedIn(path: string) {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Hello, Somchai' });
  return view;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
});

describe('the SANDBOX mark', () => {
  it('shows on the public pages while a party answers from its sandbox, and not otherwise', async () => {
    answerInfo(true);
    const view = renderApp('/login');
    expect(await screen.findByRole('note', MARK)).toBeVisible();
    view.unmount();

    answerInfo(false);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    await waitFor(() => expect(document.title).toBe('Lucky Wallet'));
    expect(screen.queryByRole('note', MARK)).toBeNull();
  });

  it('shows from the first paint when the page says so, before the lookup answers; the lookup then decides', async () => {
    let answer: (sandbox: boolean) => void = () => undefined;
    server.use(
      http.get('*/api/lookup/info', async () => {
        const sandbox = await new Promise<boolean>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({
          name: 'Lucky Wallet',
          website: 'https://example.test',
          ...(sandbox ? { sandbox } : {}),
        });
      }),
    );
    document.documentElement.dataset.sandbox = 'true';
    try {
      renderApp('/login');
      await screen.findByRole('heading', { name: 'Log in' });
      expect(screen.getByRole('note', MARK)).toBeVisible();
      // The server's parties changed since the page was made: the lookup's word is the last.
      answer(false);
      await waitFor(() => expect(screen.queryByRole('note', MARK)).toBeNull());
    } finally {
      delete document.documentElement.dataset.sandbox;
    }
  });

  it('shows on the member pages, in the sticky header, and not otherwise', async () => {
    answerInfo(true);
    const view = await signedIn('/user/home');
    const mark = await screen.findByRole('note', MARK);
    expect(mark.closest('header')).not.toBeNull();
    view.unmount();

    answerInfo(false);
    await signedIn('/user/home');
    await waitFor(() => expect(document.title).toBe('Lucky Wallet'));
    expect(screen.queryByRole('note', MARK)).toBeNull();
  });
});

describe('a sandbox QR', () => {
  const kbank = {
    bankCode: 'KBANK',
    bankType: 'BANK',
    mode: 'QR',
    bankNameTH: 'กสิกร QR',
    bankNameEN: 'KBank QR',
    bankNameLO: 'KBank QR',
    accountName: 'LUCKY WALLET CO',
    accountNo: '',
    currency: 'BAHT',
    minAmount: 0,
  };
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect/></svg>';

  async function openQr(qr: Record<string, unknown>) {
    server.use(
      http.get('*/api/lookup/deposit', () => HttpResponse.json({ banks: [kbank], wallets: [], isManual: false })),
      http.get('*/api/qrcode/:gateway', () => HttpResponse.json(qr)),
    );
    const { user } = await signedIn('/user/home');
    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
    await user.click(await within(dialog).findByRole('tab', { name: 'KBank QR' }));
    const panel = within(dialog).getByRole('tabpanel', { name: 'KBank QR' });
    await within(panel).findByRole('img', { name: 'QR code to pay ฿250.00' });
    return panel;
  }

  const live = { qrcodeId: 'QR-1', hasQrcode: true, qrcode: svg, amount: 250, expireIn: 65, message: 'SUCCESS' };

  it('says beside the QR that it is not a real one and must not be paid', async () => {
    const panel = await openQr({ ...live, sandbox: true });
    expect(within(panel).getByText(QR_WARNING)).toBeVisible();
  });

  it('says nothing of the kind beside a real QR', async () => {
    const panel = await openQr(live);
    expect(within(panel).queryByText(QR_WARNING)).toBeNull();
  });
});

describe('a slip the sandbox verifier answered', () => {
  it('carries a sandbox tag in the slip list; a real one does not', async () => {
    const slip = {
      createdAt: '2026-11-22T02:03:04.000Z',
      amount: 500,
      status: 'SUCCESS',
      note: null,
      link: null,
    };
    server.use(
      http.post('*/api/statement', () => HttpResponse.json({ total: 0, statements: [] })),
      http.post('*/api/statement/slip', () =>
        HttpResponse.json({
          total: 2,
          slips: [
            { ...slip, id: 'S-2', reference: 'REF-2', sandbox: true },
            { ...slip, id: 'S-1', reference: 'REF-1' },
          ],
        }),
      ),
    );
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    const { user } = renderApp('/user/statement');
    await user.click(await screen.findByRole('button', { name: 'Uploaded slips' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uploaded slips' });
    const table = await within(dialog).findByRole('table', { name: 'Uploaded slips' });
    const [sandboxRow, realRow] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(sandboxRow).getByText('SANDBOX')).toHaveAccessibleDescription(
      'Checked by the sandbox verifier, not by a real bank',
    );
    expect(within(realRow).queryByText('SANDBOX')).toBeNull();
  });
});
