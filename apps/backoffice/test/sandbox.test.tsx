import type { BackofficeQrCode } from '@member-wallet/contract/backoffice/deposits';
import type { SandboxFaultsResponse } from '@member-wallet/contract/backoffice/sandbox';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

const awaiting: BackofficeQrCode = {
  id: 'QR-live-1',
  gateway: 'KBANK',
  gatewayReference: 'K1',
  member: { id: 'm1', phone: '0812345678', name: 'Somchai Jaidee' },
  amountMinor: '20000',
  paidAmountMinor: null,
  currency: 'BAHT',
  status: 'live',
  expiresAt: '2026-11-22T17:15:09.000Z',
  paidAt: null,
  entryId: null,
  createdAt: '2026-11-22T17:05:09.000Z',
};

function faults(): SandboxFaultsResponse {
  return {
    games: {
      latencyMs: 0,
      errorRate: 0,
      timeoutRate: 0,
      appliedThenTimeoutRate: 0,
      lateApplyMs: 0,
      operations: ['deposit', 'withdraw'],
    },
    payout: { fault: 'none', delayMs: 0, failRate: 0, webhooks: true },
    payments: [{ gateway: 'KBANK', fault: 'none', latencyMs: 0 }],
    voucher: { fault: 'none' },
    slipVerifier: null,
    bankFeed: { fault: 'none' },
  };
}

let calls: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  calls = [];
  const record = async ({ request }: { request: Request }) => {
    calls.push({ method: request.method, url: new URL(request.url).pathname, body: await request.json() });
  };
  server.use(
    http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'admin' })),
    http.get('*/backoffice/api/sandbox', () => HttpResponse.json({ sandbox: true, active: true })),
    http.get('*/backoffice/api/qr-codes', () => HttpResponse.json({ total: 1, qrCodes: [awaiting] })),
    http.get('*/backoffice/api/sandbox/faults', () => HttpResponse.json(faults())),
    http.post('*/backoffice/api/sandbox/qr/:id/pay', async (info) => {
      await record(info);
      return HttpResponse.json({ qrcodeId: 'QR-live-1', gateway: 'KBANK', amountMinor: '12345', delivered: 1 });
    }),
    http.post('*/backoffice/api/sandbox/bank-transfers', async (info) => {
      await record(info);
      return HttpResponse.json({ reference: 'SBT1' });
    }),
    http.put('*/backoffice/api/sandbox/faults/:party', async (info) => {
      await record(info);
      return HttpResponse.json({ ...faults(), bankFeed: { fault: 'unavailable' } });
    }),
  );
});

describe('sandbox controls', () => {
  it('are in the menu only in sandbox mode, under a SANDBOX banner', async () => {
    const { unmount } = renderApp('/sandbox');
    expect(await screen.findByText('SANDBOX — test parties only, no real money moves here.')).toHaveAttribute(
      'role',
      'note',
    );
    expect(screen.getByRole('link', { name: 'Sandbox' })).toBeInTheDocument();
    unmount();
    server.use(http.get('*/backoffice/api/sandbox', () => HttpResponse.json({ sandbox: false, active: false })));
    renderApp('/dashboard');
    await screen.findByRole('link', { name: 'Deposits' });
    expect(screen.queryByRole('link', { name: 'Sandbox' })).toBeNull();
  });

  it('pays an awaiting QR, the asked amount or another', async () => {
    const { user } = renderApp('/sandbox');
    const row = await screen.findByTestId('awaiting-qr');
    expect(row).toHaveTextContent('KBANK · 200.00 BAHT');
    expect(row).toHaveTextContent('Somchai Jaidee');
    await user.type(within(row).getByLabelText('Other amount (optional)'), '0');
    await user.click(within(row).getByRole('button', { name: /^Pay/ }));
    expect(within(row).getByText('Check this field')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.clear(within(row).getByLabelText('Other amount (optional)'));
    await user.type(within(row).getByLabelText('Other amount (optional)'), '123.45');
    await user.click(within(row).getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('Paid 123.45 BAHT: the wallet is credited.')).toBeInTheDocument();
    expect(calls).toEqual([
      { method: 'POST', url: '/backoffice/api/sandbox/qr/QR-live-1/pay', body: { amountMinor: '12345' } },
    ]);
  });

  it('says so when the QR was paid already', async () => {
    server.use(
      http.post('*/backoffice/api/sandbox/qr/:id/pay', () =>
        HttpResponse.json({ message: 'QR_ALREADY_PAID' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/sandbox');
    const row = await screen.findByTestId('awaiting-qr');
    await user.click(within(row).getByRole('button', { name: /^Pay/ }));
    expect(await within(row).findByRole('alert')).toHaveTextContent('This QR code is paid already.');
  });

  it('injects a bank transfer in minor units', async () => {
    const { user } = renderApp('/sandbox');
    await screen.findByTestId('awaiting-qr');
    await user.click(screen.getByRole('button', { name: 'Send the transfer' }));
    expect(screen.getAllByText('Check this field')).toHaveLength(2);
    await user.type(screen.getByLabelText("Sender's account number"), '1234567890');
    await user.type(screen.getByLabelText('Amount'), '250.5');
    await user.click(screen.getByRole('button', { name: 'Send the transfer' }));
    expect(await screen.findByText('Transfer SBT1 is in the feed.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/backoffice/api/sandbox/bank-transfers',
        body: {
          operatorAccountNo: '9990001234',
          senderBankCode: 'KBANK',
          senderAccountNo: '1234567890',
          amountMinor: '25050',
          currency: 'BAHT',
        },
      },
    ]);
  });

  it("sets a party's faults from what the server answers", async () => {
    const { user } = renderApp('/sandbox');
    const bankFeed = await screen.findByTestId('faults-bankFeed');
    expect(screen.getByText('Not a sandbox party here.')).toBeInTheDocument();
    await user.selectOptions(within(bankFeed).getByLabelText('Fault'), 'unavailable');
    await user.click(within(bankFeed).getByRole('button', { name: 'Save' }));
    expect(await within(bankFeed).findByText('Saved.')).toBeInTheDocument();
    const games = screen.getByTestId('faults-games');
    await user.clear(within(games).getByLabelText('Refusal rate (0–1)'));
    await user.type(within(games).getByLabelText('Refusal rate (0–1)'), '0.5');
    await user.click(within(games).getByRole('checkbox', { name: 'bets' }));
    await user.click(within(games).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]).toEqual({
      method: 'PUT',
      url: '/backoffice/api/sandbox/faults/bankFeed',
      body: { fault: 'unavailable' },
    });
    expect(calls[1]).toEqual({
      method: 'PUT',
      url: '/backoffice/api/sandbox/faults/games',
      body: {
        latencyMs: 0,
        errorRate: 0.5,
        timeoutRate: 0,
        appliedThenTimeoutRate: 0,
        lateApplyMs: 0,
        operations: ['deposit', 'withdraw', 'bets'],
      },
    });
  });
});
