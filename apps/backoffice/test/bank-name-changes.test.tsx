import type { BackofficeBankNameChange } from '@member-wallet/contract/backoffice/bank-name-changes';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function change(overrides: Partial<BackofficeBankNameChange> = {}): BackofficeBankNameChange {
  return {
    id: '41',
    member: {
      id: 'MEMBER01',
      phone: '0812345678',
      name: 'Somchai',
      bankCode: 'KBANK',
      bankAccountNo: '1234567890',
      bankAccountName: 'SOMCHAI JAIDEE',
    },
    bankCode: 'KBANK',
    nameFrom: 'SOMCHAI JAIDEE',
    nameTo: 'SOMEONE ELSE',
    status: 'pending',
    requestedAt: '2026-11-23T01:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    ...overrides,
  };
}

function queue(rows: () => BackofficeBankNameChange[], asked: URLSearchParams[] = []) {
  server.use(
    http.get('*/backoffice/api/bank-name-changes', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      const list = rows();
      return HttpResponse.json({ total: list.length, requests: list });
    }),
  );
  return asked;
}

describe('account name changes', () => {
  it('lists the waiting changes first: the member, the name now and the name asked for', async () => {
    const asked = queue(() => [change()]);
    renderApp('/bank-name-changes');
    const [row] = await screen.findAllByTestId('bank-name-change-row');
    expect(asked[0]?.get('status')).toBe('pending');
    expect(asked[0]?.get('limit')).toBe('20');
    expect(row).toHaveTextContent('Now: SOMCHAI JAIDEE');
    expect(row).toHaveTextContent('Asked for: SOMEONE ELSE');
    expect(row).toHaveTextContent('KBANK 1234567890');
    expect(row).toHaveTextContent('Waiting');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Somchai' })).toHaveAttribute(
      'href',
      '/backoffice/members/MEMBER01',
    );
    expect(screen.getByRole('link', { name: 'Account names' })).toHaveAttribute('aria-current', 'page');
  });

  it('approves after a confirmation, with the note, and reads the queue again', async () => {
    let rows = [change()];
    let body: unknown;
    queue(() => rows);
    server.use(
      http.post('*/backoffice/api/bank-name-changes/:id/approve', async ({ params, request }) => {
        body = { id: params.id, ...((await request.json()) as object) };
        rows = [];
        return HttpResponse.json({
          request: change({ status: 'approved', decidedBy: OPERATOR.username, reason: 'Bank book seen' }),
          changed: true,
        });
      }),
    );
    const { user } = renderApp('/bank-name-changes');
    await screen.findByTestId('bank-name-change-row');
    await user.click(screen.getByRole('button', { name: 'Approve Somchai' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this account name change?' });
    expect(dialog).toHaveTextContent(
      'The bank account name of Somchai becomes SOMEONE ELSE at once (now SOMCHAI JAIDEE)',
    );
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Bank book seen');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No account name changes here.')).toBeInTheDocument();
    expect(body).toEqual({ id: '41', note: 'Bank book seen' });
    expect(screen.getByRole('status')).toHaveTextContent('Account name changed');
  });

  it('rejects only with a reason, and shows a refusal translated', async () => {
    let reason: unknown;
    queue(() => [change()]);
    server.use(
      http.post('*/backoffice/api/bank-name-changes/:id/reject', async ({ request }) => {
        reason = ((await request.json()) as { reason: string }).reason;
        return HttpResponse.json({ message: 'ALREADY_REVIEWED' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/bank-name-changes');
    await screen.findByTestId('bank-name-change-row');
    await user.click(screen.getByRole('button', { name: 'Reject Somchai' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this account name change' });
    expect(dialog).toHaveTextContent('The bank account name of Somchai stays SOMCHAI JAIDEE');
    await user.type(within(dialog).getByLabelText('Reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write 3 to 200 characters');
    expect(reason).toBeUndefined();
    await user.type(within(dialog).getByLabelText('Reason'), 't the account holder');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another operator already decided on this account name change.',
    );
    expect(reason).toBe('not the account holder');
  });

  it('filters by status, shows the decision, and exports the filter as CSV', async () => {
    const asked = queue(() => [change({ status: 'rejected', decidedBy: 'carol', reason: 'Another person' })]);
    let csv: URL | undefined;
    server.use(
      http.get('*/backoffice/api/bank-name-changes.csv', ({ request }) => {
        csv = new URL(request.url);
        return new HttpResponse('\uFEFFid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    URL.createObjectURL = () => 'blob:1';
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/bank-name-changes');
    await screen.findByTestId('bank-name-change-row');
    await user.selectOptions(screen.getByLabelText('Show'), 'Rejected');
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('rejected'));
    const row = screen.getByTestId('bank-name-change-row');
    expect(row).toHaveTextContent('Decided by carol');
    expect(row).toHaveTextContent('Note: Another person');
    expect(within(row).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csv?.searchParams.get('status')).toBe('rejected'));
  });

  it('is not offered to support, and tells them so', async () => {
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'support' })));
    renderApp('/bank-name-changes');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not open this page.');
    expect(screen.queryByRole('link', { name: 'Account names' })).toBeNull();
  });
});
