import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { queuedWithdrawal, server } from './server.ts';

describe('withdrawals queue', () => {
  it('lists the awaiting withdrawals of the first page, formatted', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/backoffice/api/withdrawals', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({ total: 45, withdrawals: [queuedWithdrawal()] });
      }),
    );
    renderApp('/withdrawals');
    const row = await screen.findByTestId('withdrawal-row');
    expect(asked?.searchParams.get('review')).toBe('awaiting');
    expect(asked?.searchParams.get('page')).toBe('1');
    expect(asked?.searchParams.get('limit')).toBe('20');
    expect(row).toHaveTextContent('Somchai Jaidee');
    expect(row).toHaveTextContent('0812345678');
    expect(row).toHaveTextContent('12,345.67 THB');
    expect(row).toHaveTextContent('KBANK 1234567890');
    expect(row).toHaveTextContent('SOMCHAI JAIDEE');
    expect(row).toHaveTextContent('23/11/2026 00:05:09');
    expect(row).toHaveTextContent('Awaiting review');
    expect(screen.getByText(/Page 1 of 3/)).toBeInTheDocument();
  });

  it('pages on the server', async () => {
    const pages: (string | null)[] = [];
    server.use(
      http.get('*/backoffice/api/withdrawals', ({ request }) => {
        pages.push(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({ total: 45, withdrawals: [queuedWithdrawal()] });
      }),
    );
    const { user } = renderApp('/withdrawals');
    await screen.findByTestId('withdrawal-row');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Page 2 of 3/)).toBeInTheDocument();
    expect(pages).toEqual(['1', '2']);
  });

  it('filters by review state, and all asks without one', async () => {
    const reviews: (string | null)[] = [];
    server.use(
      http.get('*/backoffice/api/withdrawals', ({ request }) => {
        const review = new URL(request.url).searchParams.get('review');
        reviews.push(review);
        const rows =
          review === 'rejected'
            ? [
                queuedWithdrawal({
                  review: 'rejected',
                  status: 'FAILED',
                  failureReason: 'Wrong account',
                  reviewedBy: 'bob',
                }),
              ]
            : [queuedWithdrawal()];
        return HttpResponse.json({ total: rows.length, withdrawals: rows });
      }),
    );
    const { user } = renderApp('/withdrawals');
    await screen.findByTestId('withdrawal-row');
    await user.selectOptions(screen.getByLabelText('Show'), 'Rejected');
    const row = await screen.findByText('Reason: Wrong account');
    expect(row.closest('li')).toHaveTextContent('By bob');
    expect(within(row.closest('li') as HTMLElement).queryByRole('button')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Show'), 'All');
    await waitFor(() => expect(reviews).toEqual(['awaiting', 'rejected', null]));
  });

  it('approves after a confirmation, then reads the queue again', async () => {
    let approved = '';
    let queue = [queuedWithdrawal()];
    server.use(
      http.get('*/backoffice/api/withdrawals', () => HttpResponse.json({ total: queue.length, withdrawals: queue })),
      http.post('*/backoffice/api/withdrawals/:id/approve', ({ params }) => {
        approved = String(params.id);
        const withdrawal = queuedWithdrawal({ review: 'approved', reviewedBy: 'alice' });
        queue = [];
        return HttpResponse.json({ withdrawal, changed: true });
      }),
    );
    const { user } = renderApp('/withdrawals');
    await screen.findByTestId('withdrawal-row');
    await user.click(screen.getByRole('button', { name: 'Approve Somchai Jaidee' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(dialog).toHaveTextContent('12,345.67 THB to Somchai Jaidee (KBANK 1234567890)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(approved).toBe('');

    await user.click(screen.getByRole('button', { name: 'Approve Somchai Jaidee' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No withdrawals here.')).toBeInTheDocument();
    expect(approved).toBe('41');
    expect(screen.getByRole('status')).toHaveTextContent('Withdrawal approved');
  });

  it('shows a refusal of the approval in the dialog', async () => {
    server.use(
      http.post('*/backoffice/api/withdrawals/:id/approve', () =>
        HttpResponse.json({ message: 'ALREADY_REVIEWED' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/withdrawals');
    await screen.findByTestId('withdrawal-row');
    await user.click(screen.getByRole('button', { name: 'Approve Somchai Jaidee' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Another operator already decided on this withdrawal.',
    );
  });

  it('rejects only with a reason of 3 to 200 characters', async () => {
    let reason: unknown;
    server.use(
      http.post('*/backoffice/api/withdrawals/:id/reject', async ({ request }) => {
        reason = ((await request.json()) as { reason: string }).reason;
        return HttpResponse.json({ withdrawal: queuedWithdrawal({ review: 'rejected' }), changed: true });
      }),
    );
    const { user } = renderApp('/withdrawals');
    await screen.findByTestId('withdrawal-row');
    await user.click(screen.getByRole('button', { name: 'Reject Somchai Jaidee' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this withdrawal' });
    const field = within(dialog).getByLabelText('Reason');
    expect(field).toHaveFocus();
    await user.type(field, '  ab  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write 3 to 200 characters');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toBeUndefined();

    await user.clear(field);
    await user.type(field, ' Account name does not match ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reason).toBe('Account name does not match');
    expect(screen.getByRole('status')).toHaveTextContent('Withdrawal rejected');
  });

  it('exports the current filter as CSV from the server', async () => {
    let asked: URL | undefined;
    let auth: string | null = null;
    server.use(
      http.get('*/backoffice/api/withdrawals.csv', ({ request }) => {
        asked = new URL(request.url);
        auth = request.headers.get('authorization');
        return new HttpResponse('\uFEFFid\r\n41\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob:1');
      return 'blob:1';
    };
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/withdrawals?review=approved');
    await screen.findByTestId('withdrawal-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toEqual(['blob:1']));
    expect(asked?.searchParams.get('review')).toBe('approved');
    expect(auth).toBe('Bearer op_test-token');
  });

  it('says so when the role may not see the queue', async () => {
    server.use(
      http.get('*/backoffice/api/withdrawals', () => HttpResponse.json({ message: 'FORBIDDEN' }, { status: 403 })),
    );
    renderApp('/withdrawals');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not do this.');
  });
});
