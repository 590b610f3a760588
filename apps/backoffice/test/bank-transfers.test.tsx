import type { BackofficeMember } from '@member-wallet/contract/backoffice/members';
import type { BackofficeBankTransfer } from '@member-wallet/contract/backoffice/suspense';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function transfer(overrides: Partial<BackofficeBankTransfer> = {}): BackofficeBankTransfer {
  return {
    id: '12',
    reference: 'REF0012',
    reason: 'no_member',
    sender: { bankCode: 'KBANK', accountNo: '9876543210' },
    operatorAccountNo: '9990001234',
    amountMinor: '250050',
    currency: 'BAHT',
    transferredAt: '2026-11-22T17:05:09.000Z',
    state: 'open',
    settledAs: null,
    settledBy: null,
    settledAt: null,
    member: null,
    heldFor: null,
    note: null,
    refundAttempts: 0,
    createdAt: '2026-11-22T17:05:10.000Z',
    ...overrides,
  };
}

function member(overrides: Partial<BackofficeMember> = {}): BackofficeMember {
  return {
    id: 'm-public-1',
    phone: '0812345678',
    name: 'Somchai Jaidee',
    bank: { code: 'SCB', accountNo: '1112223334', accountName: 'SOMCHAI JAIDEE' },
    currency: 'BAHT',
    status: 'active',
    walletMinor: '0',
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('bank transfers in suspense', () => {
  it('lists the waiting transfers of the first page, formatted, with their reason', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/backoffice/api/bank-transfers', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({ total: 41, transfers: [transfer()] });
      }),
    );
    renderApp('/bank-transfers');
    const row = await screen.findByTestId('bank-transfer-row');
    expect(asked?.searchParams.get('status')).toBe('open');
    expect(asked?.searchParams.get('limit')).toBe('20');
    expect(row).toHaveTextContent('KBANK 9876543210');
    expect(row).toHaveTextContent('2,500.50 BAHT');
    expect(row).toHaveTextContent('No member has this account');
    expect(row).toHaveTextContent('23/11/2026 00:05:09');
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
  });

  it('shows settled ones with whom they went to, without actions', async () => {
    server.use(
      http.get('*/backoffice/api/bank-transfers', () =>
        HttpResponse.json({
          total: 1,
          transfers: [
            transfer({
              state: 'settled',
              settledAs: 'assign',
              settledBy: 'bob',
              member: { id: 'm1', phone: '0899999999', name: 'Malee' },
            }),
          ],
        }),
      ),
    );
    const { user } = renderApp('/bank-transfers');
    await screen.findByTestId('bank-transfer-row');
    await user.selectOptions(screen.getByLabelText('Show'), 'Settled');
    const row = await screen.findByText('Assigned to Malee (0899999999)');
    expect(row.closest('li')).toHaveTextContent('By bob');
    expect(within(row.closest('li') as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('names the member a held transfer was for, with the safer-play reason', async () => {
    server.use(
      http.get('*/backoffice/api/bank-transfers', () =>
        HttpResponse.json({
          total: 1,
          transfers: [
            transfer({ reason: 'deposit_limit', heldFor: { id: 'm2', phone: '0811111111', name: 'Somsri' } }),
          ],
        }),
      ),
    );
    renderApp('/bank-transfers');
    const row = await screen.findByTestId('bank-transfer-row');
    expect(row).toHaveTextContent("Held: over the member's own deposit limit");
    expect(row).toHaveTextContent('Held for Somsri, tel. 0811111111');
  });

  it('assigns to a member found by phone, then reads the list again', async () => {
    let searched: string | null = null;
    let assigned: unknown;
    let list = [transfer()];
    server.use(
      http.get('*/backoffice/api/bank-transfers', () => HttpResponse.json({ total: list.length, transfers: list })),
      http.get('*/backoffice/api/members', ({ request }) => {
        searched = new URL(request.url).searchParams.get('q');
        return HttpResponse.json({ total: 1, members: [member()] });
      }),
      http.post('*/backoffice/api/bank-transfers/:id/assign', async ({ request, params }) => {
        assigned = { id: params.id, ...((await request.json()) as object) };
        list = [];
        return HttpResponse.json({ transfer: transfer({ state: 'settled', settledAs: 'assign' }), changed: true });
      }),
    );
    const { user } = renderApp('/bank-transfers');
    await screen.findByTestId('bank-transfer-row');
    await user.click(screen.getByRole('button', { name: 'Assign 2,500.50 BAHT' }));
    const dialog = screen.getByRole('dialog', { name: 'Assign this transfer to a member' });
    const confirm = within(dialog).getByRole('button', { name: 'Assign' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Phone, name or bank account'), '0812345678');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByRole('radio', { name: /Somchai Jaidee/ }));
    expect(searched).toBe('0812345678');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'called us');
    await user.click(within(dialog).getByRole('button', { name: 'Assign to Somchai Jaidee' }));
    expect(await screen.findByText('No transfers here.')).toBeInTheDocument();
    expect(assigned).toEqual({ id: '12', memberId: 'm-public-1', note: 'called us' });
    expect(screen.getByRole('status')).toHaveTextContent('2,500.50 BAHT credited to Somchai Jaidee');
  });

  it('shows why an assignment was refused, in words about transfers', async () => {
    server.use(
      http.get('*/backoffice/api/bank-transfers', () => HttpResponse.json({ total: 1, transfers: [transfer()] })),
      http.get('*/backoffice/api/members', () =>
        HttpResponse.json({ total: 1, members: [member({ currency: 'LAK' })] }),
      ),
      http.post('*/backoffice/api/bank-transfers/:id/assign', () =>
        HttpResponse.json({ message: 'NO_WALLET', fields: { memberId: 'NO_WALLET' } }, { status: 400 }),
      ),
    );
    const { user } = renderApp('/bank-transfers');
    await screen.findByTestId('bank-transfer-row');
    await user.click(screen.getByRole('button', { name: 'Assign 2,500.50 BAHT' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Phone, name or bank account'), 'Somchai');
    await user.click(within(dialog).getByRole('button', { name: 'Search' }));
    await user.click(await within(dialog).findByRole('radio', { name: /Somchai Jaidee/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign to Somchai Jaidee' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("This member's wallet is in another currency.");
  });

  it('refunds only with a reason of 3 to 200 characters', async () => {
    let reason: unknown;
    server.use(
      http.get('*/backoffice/api/bank-transfers', () => HttpResponse.json({ total: 1, transfers: [transfer()] })),
      http.post('*/backoffice/api/bank-transfers/:id/refund', async ({ request }) => {
        reason = ((await request.json()) as { reason: string }).reason;
        return HttpResponse.json({ transfer: transfer({ state: 'refunding', settledAs: 'refund' }), changed: true });
      }),
    );
    const { user } = renderApp('/bank-transfers');
    await screen.findByTestId('bank-transfer-row');
    await user.click(screen.getByRole('button', { name: 'Refund 2,500.50 BAHT' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this transfer' });
    expect(dialog).toHaveTextContent('2,500.50 BAHT is paid back to KBANK 9876543210');
    const field = within(dialog).getByLabelText('Reason');
    await user.type(field, 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write 3 to 200 characters');
    expect(reason).toBeUndefined();
    await user.clear(field);
    await user.type(field, 'Sender asked for it back');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reason).toBe('Sender asked for it back');
    expect(screen.getByRole('status')).toHaveTextContent('Refund sent to the payout party');
  });

  it('asks for the whole account of a masked sender, sends it, and tells when it does not fit', async () => {
    const bodies: unknown[] = [];
    const masked = transfer({ sender: { bankCode: 'KBANK', accountNo: 'xxx-x-x4321-x' } });
    server.use(
      http.get('*/backoffice/api/bank-transfers', () => HttpResponse.json({ total: 1, transfers: [masked] })),
      http.post('*/backoffice/api/bank-transfers/:id/refund', async ({ request }) => {
        bodies.push(await request.json());
        if (bodies.length === 1) {
          return HttpResponse.json({ message: 'KEY_INVALID', fields: { accountNo: 'KEY_INVALID' } }, { status: 400 });
        }
        return HttpResponse.json({ transfer: transfer({ state: 'refunding', settledAs: 'refund' }), changed: true });
      }),
    );
    const { user } = renderApp('/bank-transfers');
    await screen.findByTestId('bank-transfer-row');
    await user.click(screen.getByRole('button', { name: 'Refund 2,500.50 BAHT' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this transfer' });
    const account = within(dialog).getByLabelText("The sender's whole account number");
    expect(within(dialog).getByText(/The bank shows it as xxx-x-x4321-x/)).toBeInTheDocument();
    await user.type(account, '123-4-54321-0');
    await user.type(within(dialog).getByLabelText('Reason'), 'Sender asked for it back');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Give the sender's whole account number");
    expect(bodies[0]).toEqual({ reason: 'Sender asked for it back', accountNo: '1234543210' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toHaveLength(2);
  });

  it('exports the filter as CSV from the server, with the token', async () => {
    let asked: URL | undefined;
    let auth: string | null = null;
    server.use(
      http.get('*/backoffice/api/bank-transfers', () => HttpResponse.json({ total: 1, transfers: [transfer()] })),
      http.get('*/backoffice/api/bank-transfers.csv', ({ request }) => {
        asked = new URL(request.url);
        auth = request.headers.get('authorization');
        return new HttpResponse('\uFEFFid\r\n12\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob:1');
      return 'blob:1';
    };
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/bank-transfers?status=settled');
    await screen.findByTestId('bank-transfer-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toEqual(['blob:1']));
    expect(asked?.searchParams.get('status')).toBe('settled');
    expect(auth).toBe('Bearer op_test-token');
  });

  it('is in the menu for finance, not for support', async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Transfers in suspense' })).toBeInTheDocument();
    expect(OPERATOR.role).toBe('finance');
  });

  it('hides the menu entry from support', async () => {
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'support' })));
    renderApp('/dashboard');
    await screen.findByRole('link', { name: 'Dashboard' });
    expect(screen.queryByRole('link', { name: 'Transfers in suspense' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Slips to review' })).toBeNull();
  });
});
