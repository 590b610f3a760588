import type { BackofficeInviteReview } from '@member-wallet/contract/backoffice/invite-reviews';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function party(name: string, id: string) {
  return {
    id,
    phone: '0812345678',
    name,
    bankCode: 'KBANK',
    bankAccountNo: '1234567890',
    bankAccountName: 'SOMCHAI JAIDEE',
    registrationIp: '203.0.113.7',
  };
}

function review(overrides: Partial<BackofficeInviteReview> = {}): BackofficeInviteReview {
  return {
    inviter: party('Somchai Inviter', 'INVITER1'),
    invitee: party('Somchai Second', 'INVITEE1'),
    reasons: ['bank_name', 'ip'],
    status: 'held',
    currency: 'BAHT',
    heldMinor: '5000',
    forfeitedMinor: '0',
    openMinor: '0',
    heldAt: '2026-11-23T01:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    note: null,
    ...overrides,
  };
}

function queue(rows: () => BackofficeInviteReview[], asked: URLSearchParams[] = []) {
  server.use(
    http.get('*/backoffice/api/invite-reviews', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      const list = rows();
      return HttpResponse.json({ total: list.length, reviews: list });
    }),
  );
  return asked;
}

describe('invite links held for review', () => {
  it('lists the held links first: both members, why they matched and what is held', async () => {
    const asked = queue(() => [review()]);
    renderApp('/invite-reviews');
    const [row] = await screen.findAllByTestId('invite-review-row');
    expect(asked[0]?.get('status')).toBe('held');
    expect(asked[0]?.get('limit')).toBe('20');
    expect(row).toHaveTextContent('Inviter');
    expect(row).toHaveTextContent('Somchai Inviter');
    expect(row).toHaveTextContent('Same bank account name');
    expect(row).toHaveTextContent('Same registration address');
    expect(row).toHaveTextContent('Held: 50.00 BAHT');
    expect(row).toHaveTextContent('Registered from 203.0.113.7');
    expect(within(row as HTMLElement).getByRole('link', { name: 'Somchai Second' })).toHaveAttribute(
      'href',
      '/backoffice/members/INVITEE1',
    );
    expect(screen.getByRole('link', { name: 'Invite links' })).toHaveAttribute('aria-current', 'page');
  });

  it('releases after a confirmation, with the note, and reads the queue again', async () => {
    let rows = [review()];
    let body: unknown;
    queue(() => rows);
    server.use(
      http.post('*/backoffice/api/invite-reviews/:id/release', async ({ params, request }) => {
        body = { id: params.id, ...((await request.json()) as object) };
        rows = [];
        return HttpResponse.json({
          review: review({ status: 'released', decidedBy: OPERATOR.username, heldMinor: '0', openMinor: '5000' }),
          changed: true,
        });
      }),
    );
    const { user } = renderApp('/invite-reviews');
    await screen.findByTestId('invite-review-row');
    await user.click(screen.getByRole('button', { name: 'Release Somchai Second' }));
    const dialog = screen.getByRole('dialog', { name: 'Release this invite link?' });
    expect(dialog).toHaveTextContent('Somchai Inviter can collect the 50.00 BAHT held from Somchai Second at once');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Brothers');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('No invite links here.')).toBeInTheDocument();
    expect(body).toEqual({ id: 'INVITEE1', note: 'Brothers' });
    expect(screen.getByRole('status')).toHaveTextContent('Invite link released');
  });

  it('rejects only with a reason, and shows a refusal translated', async () => {
    let reason: unknown;
    queue(() => [review()]);
    server.use(
      http.post('*/backoffice/api/invite-reviews/:id/reject', async ({ request }) => {
        reason = ((await request.json()) as { reason: string }).reason;
        return HttpResponse.json({ message: 'ALREADY_REVIEWED' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/invite-reviews');
    await screen.findByTestId('invite-review-row');
    await user.click(screen.getByRole('button', { name: 'Reject Somchai Second' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this invite link' });
    expect(dialog).toHaveTextContent('The 50.00 BAHT held from Somchai Second is forfeited');
    await user.type(within(dialog).getByLabelText('Reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write 3 to 200 characters');
    expect(reason).toBeUndefined();
    await user.type(within(dialog).getByLabelText('Reason'), 't the same person?');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another operator already decided on this invite link.',
    );
    expect(reason).toBe('not the same person?');
  });

  it('filters by status, shows the decision, and exports the filter as CSV', async () => {
    const asked = queue(() => [
      review({ status: 'rejected', decidedBy: 'carol', note: 'Two accounts', heldMinor: '0', forfeitedMinor: '5000' }),
    ]);
    let csv: URL | undefined;
    server.use(
      http.get('*/backoffice/api/invite-reviews.csv', ({ request }) => {
        csv = new URL(request.url);
        return new HttpResponse('\uFEFFinviteeId\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    URL.createObjectURL = () => 'blob:1';
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/invite-reviews');
    await screen.findByTestId('invite-review-row');
    await user.selectOptions(screen.getByLabelText('Show'), 'Rejected');
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('rejected'));
    const row = screen.getByTestId('invite-review-row');
    expect(row).toHaveTextContent('Decided by carol');
    expect(row).toHaveTextContent('Note: Two accounts');
    expect(row).toHaveTextContent('Forfeited: 50.00 BAHT');
    expect(within(row).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csv?.searchParams.get('status')).toBe('rejected'));
  });

  it('is not offered to support, and tells them so', async () => {
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'support' })));
    renderApp('/invite-reviews');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role may not open this page.');
    expect(screen.queryByRole('link', { name: 'Invite links' })).toBeNull();
  });
});
