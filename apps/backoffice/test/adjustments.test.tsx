import type { BackofficeAdjustment } from '@member-wallet/contract/backoffice/adjustments';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function adjustment(overrides: Partial<BackofficeAdjustment> = {}): BackofficeAdjustment {
  return {
    id: 'a-1',
    member: { id: 'm-1', phone: '0812345678', name: 'Wanida Rakdee' },
    currency: 'BAHT',
    amountMinor: '250000',
    reason: 'Lost deposit found',
    status: 'awaiting',
    requestedBy: 'bob',
    requestedAt: '2026-11-23T01:00:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    reviewReason: null,
    entryId: null,
    asBonus: null,
    ...overrides,
  };
}

function queue(rows: () => BackofficeAdjustment[], asked: URLSearchParams[] = []) {
  server.use(
    http.get('*/backoffice/api/adjustments', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      const list = rows();
      return HttpResponse.json({ total: list.length, adjustments: list });
    }),
  );
  return asked;
}

describe('manual adjustments queue', () => {
  it("lists those awaiting approval; the operator's own request has no decision buttons", async () => {
    const asked = queue(() => [
      adjustment(),
      adjustment({ id: 'a-2', requestedBy: OPERATOR.username, amountMinor: '-5000' }),
    ]);
    renderApp('/adjustments');
    const rows = await screen.findAllByTestId('adjustment-row');
    expect(asked[0]?.get('status')).toBe('awaiting');
    expect(asked[0]?.get('limit')).toBe('20');
    expect(rows[0]).toHaveTextContent('2,500.00 BAHT');
    expect(rows[0]).toHaveTextContent('Lost deposit found');
    expect(rows[0]).toHaveTextContent('Asked by bob');
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Approve Wanida Rakdee' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('-50.00 BAHT');
    expect(rows[1]).toHaveTextContent('Your request: another operator decides.');
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('approves after a confirmation and reads the queue again', async () => {
    let rows = [adjustment()];
    let approved = '';
    queue(() => rows);
    server.use(
      http.post('*/backoffice/api/adjustments/:id/approve', ({ params }) => {
        approved = String(params.id);
        rows = [];
        return HttpResponse.json({
          adjustment: adjustment({ status: 'applied', reviewedBy: OPERATOR.username, entryId: '5' }),
          changed: true,
        });
      }),
    );
    const { user } = renderApp('/adjustments');
    await screen.findByTestId('adjustment-row');
    await user.click(screen.getByRole('button', { name: 'Approve Wanida Rakdee' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this adjustment?' });
    expect(dialog).toHaveTextContent('2,500.00 BAHT for Wanida Rakdee (Lost deposit found)');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No adjustments here.')).toBeInTheDocument();
    expect(approved).toBe('a-1');
    expect(screen.getByRole('status')).toHaveTextContent('Adjustment approved and applied');
  });

  it('shows a refusal of the approval in the dialog, translated', async () => {
    queue(() => [adjustment()]);
    server.use(
      http.post('*/backoffice/api/adjustments/:id/approve', () =>
        HttpResponse.json({ message: 'ALREADY_REVIEWED' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/adjustments');
    await screen.findByTestId('adjustment-row');
    await user.click(screen.getByRole('button', { name: 'Approve Wanida Rakdee' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Another operator already decided on this adjustment.',
    );
  });

  it('rejects only with a reason of 3 to 200 characters', async () => {
    let reason: unknown;
    queue(() => [adjustment()]);
    server.use(
      http.post('*/backoffice/api/adjustments/:id/reject', async ({ request }) => {
        reason = ((await request.json()) as { reason: string }).reason;
        return HttpResponse.json({ adjustment: adjustment({ status: 'rejected' }), changed: true });
      }),
    );
    const { user } = renderApp('/adjustments');
    await screen.findByTestId('adjustment-row');
    await user.click(screen.getByRole('button', { name: 'Reject Wanida Rakdee' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this adjustment' });
    await user.type(within(dialog).getByLabelText('Reason'), 'ab');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write 3 to 200 characters');
    expect(reason).toBeUndefined();
    await user.type(within(dialog).getByLabelText('Reason'), 'out the member agreeing');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reason).toBe('about the member agreeing');
    expect(screen.getByRole('status')).toHaveTextContent('Adjustment rejected');
  });

  it('marks one paid as a bonus with its terms, and says why its approval waits while the member runs a bonus', async () => {
    queue(() => [adjustment({ asBonus: { winMultiple: 3, percentFail: 50 } })]);
    server.use(
      http.post('*/backoffice/api/adjustments/:id/approve', () =>
        HttpResponse.json({ message: 'BONUS_REMAINING' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/adjustments');
    const row = await screen.findByTestId('adjustment-row');
    expect(row).toHaveTextContent('Bonus: winnings above 3 times it, 50% taken back if cancelled');
    await user.click(screen.getByRole('button', { name: 'Approve Wanida Rakdee' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this adjustment?' });
    expect(dialog).toHaveTextContent('It starts as the member’s bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The member has a bonus running. A bonus adjustment can be applied once it has ended.',
    );
  });

  it('filters by status and exports the filter as CSV', async () => {
    const asked = queue(() => [adjustment({ status: 'rejected', reviewedBy: 'carol', reviewReason: 'Not agreed' })]);
    let csv: URL | undefined;
    server.use(
      http.get('*/backoffice/api/adjustments.csv', ({ request }) => {
        csv = new URL(request.url);
        return new HttpResponse('\uFEFFid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    URL.createObjectURL = () => 'blob:1';
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/adjustments');
    await screen.findByTestId('adjustment-row');
    await user.selectOptions(screen.getByLabelText('Show'), 'Rejected');
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('rejected'));
    expect(await screen.findByText('Reason: Not agreed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csv?.searchParams.get('status')).toBe('rejected'));
  });

  it('is not offered to support, and tells them so', async () => {
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'support' })));
    renderApp('/adjustments');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not open this page.');
    expect(screen.queryByRole('link', { name: 'Adjustments' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Members' })).toBeInTheDocument();
  });
});
