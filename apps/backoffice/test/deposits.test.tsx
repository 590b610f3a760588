import type { BackofficeDeposit, BackofficeQrCode } from '@member-wallet/contract/backoffice/deposits';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function deposit(overrides: Partial<BackofficeDeposit> = {}): BackofficeDeposit {
  return {
    id: 'F-wgrJCbjuSXSCNyMR-Gyw',
    channel: 'qr',
    source: 'KBANK',
    member: { id: 'm1', phone: '0812345678', name: 'Somchai Jaidee' },
    amountMinor: '150050',
    currency: 'BAHT',
    status: 'paid',
    reason: null,
    entryId: '77',
    createdAt: '2026-11-22T17:05:09.000Z',
    ...overrides,
  };
}

function qrCode(overrides: Partial<BackofficeQrCode> = {}): BackofficeQrCode {
  return {
    id: 'QR-live-1',
    gateway: 'WW',
    gatewayReference: 'WW123',
    member: { id: 'm1', phone: '0812345678', name: 'Somchai Jaidee' },
    amountMinor: '20000',
    paidAmountMinor: null,
    currency: 'BAHT',
    status: 'live',
    expiresAt: '2026-11-22T17:15:09.000Z',
    paidAt: null,
    entryId: null,
    createdAt: '2026-11-22T17:05:09.000Z',
    ...overrides,
  };
}

describe('deposits', () => {
  it('lists deposits of every channel with their states, 20 a page from the server', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/backoffice/api/deposits', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({
          total: 41,
          deposits: [
            deposit(),
            deposit({
              id: 'REF-9',
              channel: 'bank',
              member: null,
              status: 'unmatched',
              reason: 'no_member',
              amountMinor: '4000',
            }),
            deposit({ id: 'slip-1', channel: 'slip', status: 'FAILED', reason: 'EXPIRED_SLIP', amountMinor: null }),
          ],
        });
      }),
    );
    renderApp('/deposits');
    const rows = await screen.findAllByTestId('deposit-row');
    expect(asked?.searchParams.get('page')).toBe('1');
    expect(asked?.searchParams.get('limit')).toBe('20');
    expect(rows[0]).toHaveTextContent('QR payment');
    expect(rows[0]).toHaveTextContent('Somchai Jaidee');
    expect(rows[0]).toHaveTextContent('1,500.50 BAHT');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(rows[0]).toHaveTextContent('Ledger entry 77');
    expect(rows[0]).toHaveTextContent('23/11/2026 00:05:09');
    expect(rows[1]).toHaveTextContent('No member');
    expect(rows[1]).toHaveTextContent('In suspense');
    expect(rows[1]).toHaveTextContent('Reason: No member has this account');
    expect(rows[2]).toHaveTextContent('Not known yet');
    expect(rows[2]).toHaveTextContent('Reason: EXPIRED_SLIP');
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
  });

  it('filters by channel, state, currency and phone on the server, and pages', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/backoffice/api/deposits', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({ total: 45, deposits: [deposit()] });
      }),
    );
    const { user } = renderApp('/deposits');
    await screen.findByTestId('deposit-row');
    await user.selectOptions(screen.getByLabelText('Channel'), 'Bank transfer');
    await user.selectOptions(screen.getByLabelText('State'), 'In suspense');
    await user.selectOptions(screen.getByLabelText('Currency'), 'LAK');
    await user.type(screen.getByLabelText("Member's phone"), '0812');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(queries.at(-1)).toBe('?channel=bank&status=unmatched&currency=LAK&q=0812&page=2&limit=20'),
    );
    // The state list follows the channel: a bank transfer is never "paid".
    expect(screen.queryByRole('option', { name: 'Paid' })).toBeNull();
  });

  it('exports the filters as CSV with the operator token', async () => {
    let asked: URL | undefined;
    let auth: string | null = null;
    server.use(
      http.get('*/backoffice/api/deposits', () => HttpResponse.json({ total: 1, deposits: [deposit()] })),
      http.get('*/backoffice/api/deposits.csv', ({ request }) => {
        asked = new URL(request.url);
        auth = request.headers.get('authorization');
        return new HttpResponse('\uFEFFchannel\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob:1');
      return 'blob:1';
    };
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/deposits?channel=qr&status=paid');
    await screen.findByTestId('deposit-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toEqual(['blob:1']));
    expect(asked?.search).toBe('?channel=qr&status=paid');
    expect(auth).toBe('Bearer op_test-token');
  });

  it('shows QR codes with their states in a tab, filtered by gateway', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/backoffice/api/deposits', () => HttpResponse.json({ total: 1, deposits: [deposit()] })),
      http.get('*/backoffice/api/qr-codes', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json({
          total: 2,
          qrCodes: [
            qrCode(),
            qrCode({ id: 'QR-2', status: 'paid', paidAmountMinor: '19000', paidAt: '2026-11-22T17:06:00.000Z' }),
          ],
        });
      }),
    );
    const { user } = renderApp('/deposits');
    await screen.findByTestId('deposit-row');
    await user.click(screen.getByRole('button', { name: 'QR codes' }));
    const rows = await screen.findAllByTestId('qr-row');
    expect(rows[0]).toHaveTextContent('Awaiting payment');
    expect(rows[0]).toHaveTextContent('200.00 BAHT');
    expect(rows[0]).toHaveTextContent('Expires 23/11/2026 00:15:09');
    expect(rows[1]).toHaveTextContent('Paid 190.00 BAHT');
    expect(rows[1]).toHaveTextContent('Paid at 23/11/2026 00:06:00');
    await user.selectOptions(screen.getByLabelText('Gateway'), 'WW');
    await waitFor(() => expect(queries.at(-1)).toBe('?gateway=WW&page=1&limit=20'));
  });

  it('is in the menu for admin and finance, not support, whom the server refuses', async () => {
    server.use(http.get('*/backoffice/api/deposits', () => HttpResponse.json({ total: 0, deposits: [] })));
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Deposits' })).toBeInTheDocument();
    unmount();
    server.use(
      http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'support' })),
      http.get('*/backoffice/api/deposits', () => HttpResponse.json({ message: 'FORBIDDEN' }, { status: 403 })),
    );
    renderApp('/deposits');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not do this.');
    expect(screen.queryByRole('link', { name: 'Deposits' })).toBeNull();
  });
});
