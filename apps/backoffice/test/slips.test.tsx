import type { BackofficeSlip } from '@member-wallet/contract/backoffice/slips';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

function slip(overrides: Partial<BackofficeSlip> = {}): BackofficeSlip {
  return {
    id: 'a'.repeat(32),
    member: { id: 'm1', phone: '0812345678', name: 'Somchai Jaidee' },
    reason: 'NOT_MATCH',
    amountMinor: '80025',
    currency: 'BAHT',
    sendingBank: '004',
    reference: 'REF0099',
    pictureUrl: '/files/slips/aaaa?expires=1&signature=ab',
    review: null,
    reviewedBy: null,
    reviewedAt: null,
    reviewNote: null,
    createdAt: '2026-11-22T17:05:09.000Z',
    ...overrides,
  };
}

describe('slips to review', () => {
  it('lists the slips to review with their picture, and enlarges it on click', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/backoffice/api/slips', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({ total: 1, slips: [slip()] });
      }),
    );
    const { user } = renderApp('/slips');
    const row = await screen.findByTestId('slip-row');
    expect(asked?.searchParams.get('review')).toBe('needed');
    expect(asked?.searchParams.get('reason')).toBeNull();
    expect(row).toHaveTextContent('Somchai Jaidee');
    expect(row).toHaveTextContent('800.25 BAHT');
    expect(row).toHaveTextContent('Sent from another account');
    expect(row).toHaveTextContent('Ref. REF0099');
    await user.click(within(row).getByRole('button', { name: 'Enlarge the slip of Somchai Jaidee' }));
    const dialog = screen.getByRole('dialog', { name: 'Slip picture' });
    expect(within(dialog).getByRole('img', { name: 'The slip uploaded by Somchai Jaidee' })).toHaveAttribute(
      'src',
      '/files/slips/aaaa?expires=1&signature=ab',
    );
  });

  it('filters by review state and reason on the server', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/backoffice/api/slips', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('review')}/${url.searchParams.get('reason')}`);
        return HttpResponse.json({ total: 1, slips: [slip({ reason: 'EXPIRED_SLIP' })] });
      }),
    );
    const { user } = renderApp('/slips');
    await screen.findByTestId('slip-row');
    await user.selectOptions(screen.getByLabelText('Reason'), 'Uploaded too late');
    await user.selectOptions(screen.getByLabelText('Show'), 'Reviewed');
    await waitFor(() => expect(asked).toEqual(['needed/null', 'needed/EXPIRED_SLIP', 'done/EXPIRED_SLIP']));
  });

  it('credits after a confirmation, then reads the list again', async () => {
    let credited = '';
    let list = [slip()];
    server.use(
      http.get('*/backoffice/api/slips', () => HttpResponse.json({ total: list.length, slips: list })),
      http.post('*/backoffice/api/slips/:id/credit', ({ params }) => {
        credited = String(params.id);
        list = [];
        return HttpResponse.json({ slip: slip({ review: 'credited' }), changed: true });
      }),
    );
    const { user } = renderApp('/slips');
    await screen.findByTestId('slip-row');
    await user.click(screen.getByRole('button', { name: 'Credit 800.25 BAHT' }));
    const dialog = screen.getByRole('dialog', { name: 'Credit this slip?' });
    expect(dialog).toHaveTextContent('800.25 BAHT is credited to Somchai Jaidee (0812345678), once.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(credited).toBe('');
    await user.click(screen.getByRole('button', { name: 'Credit 800.25 BAHT' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Credit' }));
    expect(await screen.findByText('No slips here.')).toBeInTheDocument();
    expect(credited).toBe('a'.repeat(32));
    expect(screen.getByRole('status')).toHaveTextContent('Slip credited');
  });

  it.each([
    [
      'a transfer already settled elsewhere',
      'ALREADY_REVIEWED',
      'This slip, or its transfer, has already been settled.',
    ],
    [
      "a transfer the bank's record does not match",
      'SLIP_NOT_CREDITABLE',
      "The bank's record of this transfer does not match the slip: it cannot be credited.",
    ],
  ])('says in the dialog why %s cannot be credited', async (_, message, said) => {
    server.use(
      http.get('*/backoffice/api/slips', () => HttpResponse.json({ total: 1, slips: [slip()] })),
      http.post('*/backoffice/api/slips/:id/credit', () => HttpResponse.json({ message }, { status: 409 })),
    );
    const { user } = renderApp('/slips');
    await screen.findByTestId('slip-row');
    await user.click(screen.getByRole('button', { name: 'Credit 800.25 BAHT' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Credit' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(said);
  });

  it('dismisses only with a reason of 3 to 200 characters', async () => {
    let reason: unknown;
    server.use(
      http.get('*/backoffice/api/slips', () => HttpResponse.json({ total: 1, slips: [slip()] })),
      http.post('*/backoffice/api/slips/:id/dismiss', async ({ request }) => {
        reason = ((await request.json()) as { reason: string }).reason;
        return HttpResponse.json({ slip: slip({ review: 'dismissed' }), changed: true });
      }),
    );
    const { user } = renderApp('/slips');
    await screen.findByTestId('slip-row');
    await user.click(screen.getByRole('button', { name: 'Dismiss 800.25 BAHT' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this slip' });
    const field = within(dialog).getByLabelText('Reason');
    await user.type(field, 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write 3 to 200 characters');
    await user.clear(field);
    await user.type(field, 'Not our customer');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reason).toBe('Not our customer');
    expect(screen.getByRole('status')).toHaveTextContent('Slip dismissed');
  });

  it('exports the filters as CSV from the server', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/backoffice/api/slips', () => HttpResponse.json({ total: 1, slips: [slip()] })),
      http.get('*/backoffice/api/slips.csv', ({ request }) => {
        asked = new URL(request.url);
        return new HttpResponse('\uFEFFid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob:1');
      return 'blob:1';
    };
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/slips?review=done&reason=EXPIRED_SLIP');
    await screen.findByTestId('slip-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toEqual(['blob:1']));
    expect(asked?.searchParams.get('review')).toBe('done');
    expect(asked?.searchParams.get('reason')).toBe('EXPIRED_SLIP');
  });
});
