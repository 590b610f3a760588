import type { AdjustmentResponse, BackofficeAdjustment } from '@member-wallet/contract/backoffice/adjustments';
import type { BackofficeMember, MemberDetail } from '@member-wallet/contract/backoffice/members';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function member(overrides: Partial<BackofficeMember> = {}): BackofficeMember {
  return {
    id: 'm-1',
    phone: '0812345678',
    name: 'Wanida Rakdee',
    bank: { code: 'KBANK', accountNo: '1234567890', accountName: 'WANIDA RAKDEE' },
    currency: 'BAHT',
    status: 'active',
    walletMinor: '123456',
    createdAt: '2026-11-22T17:05:09.000Z',
    ...overrides,
  };
}

function detail(overrides: Partial<MemberDetail> = {}): MemberDetail {
  return {
    member: member(),
    gameAccounts: [{ provider: 'PG', username: 'pg_0812', status: 'active', createdAt: '2026-11-22T17:06:00.000Z' }],
    entries: [
      {
        id: '9',
        type: 'deposit',
        status: 'completed',
        walletChangeMinor: '123456',
        createdAt: '2026-11-22T17:07:00.000Z',
      },
    ],
    slips: [],
    bonuses: [],
    ...overrides,
  };
}

function adjustment(overrides: Partial<BackofficeAdjustment> = {}): BackofficeAdjustment {
  return {
    id: 'a-1',
    member: { id: 'm-1', phone: '0812345678', name: 'Wanida Rakdee' },
    currency: 'BAHT',
    amountMinor: '50025',
    reason: 'Goodwill credit',
    status: 'applied',
    requestedBy: OPERATOR.username,
    requestedAt: '2026-11-23T01:00:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    reviewReason: null,
    entryId: '10',
    asBonus: null,
    ...overrides,
  };
}

/** The operator signed in as `role`, and a member's page answered from `current`. */
function asRole(role: 'admin' | 'finance' | 'support') {
  server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role })));
}

function memberPage(current: () => MemberDetail) {
  server.use(http.get('*/backoffice/api/members/:id', () => HttpResponse.json(current())));
}

describe('members search', () => {
  it('searches on the server, 20 a page, and opens a member', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/backoffice/api/members', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ total: 45, members: [member()] });
      }),
    );
    memberPage(() => detail());
    const { user } = renderApp('/members');
    const row = await screen.findByTestId('member-row');
    expect(row).toHaveTextContent('Wanida Rakdee');
    expect(row).toHaveTextContent('0812345678');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('1,234.56 BAHT');
    expect(row).toHaveTextContent('23/11/2026 00:05:09');
    expect(asked[0]?.get('limit')).toBe('20');
    expect(asked[0]?.get('q')).toBeNull();

    await user.type(screen.getByLabelText('Search'), ' 0812 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('0812'));
    expect(await screen.findByText(/Page 1 of 3/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Page 2 of 3/)).toBeInTheDocument();
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(asked.at(-1)?.get('q')).toBe('0812');

    await user.click(within(screen.getByTestId('member-row')).getByRole('link', { name: 'Wanida Rakdee' }));
    expect(await screen.findByRole('heading', { name: 'Wanida Rakdee' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/backoffice/members/m-1');
  });

  it('exports the current search as CSV, and shows a refusal translated', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/backoffice/api/members', () => HttpResponse.json({ total: 1, members: [member()] })),
      http.get('*/backoffice/api/members.csv', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({ message: 'KEY_INVALID' }, { status: 400 });
      }),
    );
    const { user } = renderApp('/members?q=Wanida');
    await screen.findByTestId('member-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some of the information is not valid.');
    expect(asked?.searchParams.get('q')).toBe('Wanida');
  });
});

describe("a member's page", () => {
  it('shows the wallet and lists; support may lock with a reason and reset, but not adjust', async () => {
    asRole('support');
    let current = detail();
    let lockReason: unknown;
    memberPage(() => current);
    server.use(
      http.post('*/backoffice/api/members/:id/lock', async ({ request }) => {
        lockReason = ((await request.json()) as { reason: string }).reason;
        current = detail({ member: member({ status: 'inactive' }) });
        return HttpResponse.json({ member: current.member, changed: true });
      }),
      http.post('*/backoffice/api/members/:id/reset-password', () =>
        HttpResponse.json({ temporaryPassword: 'K7P2M9QX4R' }),
      ),
    );
    const { user } = renderApp('/members/m-1');
    expect(await screen.findByTestId('member-wallet')).toHaveTextContent('1,234.56 BAHT');
    expect(screen.getByTestId('entry-row')).toHaveTextContent('deposit');
    expect(screen.getByText('pg_0812 · active')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manual adjustment' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Lock' }));
    const dialog = screen.getByRole('dialog', { name: 'Lock this member' });
    await user.type(within(dialog).getByLabelText('Reason'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write 3 to 200 characters');
    await user.type(within(dialog).getByLabelText('Reason'), 't the owner');
    await user.click(within(dialog).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lockReason).toBe('not the owner');
    expect(await screen.findByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(screen.getAllByText('Locked').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const reset = screen.getByRole('dialog', { name: 'Reset the password' });
    await user.click(within(reset).getByRole('button', { name: 'Make a temporary password' }));
    expect(await within(reset).findByTestId('temporary-password')).toHaveTextContent('K7P2M9QX4R');
    expect(within(reset).getByText(/shown only once/)).toBeInTheDocument();
  });

  it('finance adjusts: applied at once or awaiting approval, with a signed amount and a request id', async () => {
    asRole('finance');
    memberPage(() => detail());
    const bodies: { requestId: string; amountMinor: string; reason: string }[] = [];
    let answer: AdjustmentResponse = { adjustment: adjustment(), changed: true };
    server.use(
      http.post('*/backoffice/api/members/:id/adjustments', async ({ request }) => {
        bodies.push((await request.json()) as (typeof bodies)[number]);
        return HttpResponse.json(answer);
      }),
    );
    const { user } = renderApp('/members/m-1');
    await screen.findByRole('heading', { name: 'Manual adjustment' });
    expect(screen.queryByRole('button', { name: 'Lock' })).toBeNull();
    const amount = screen.getByLabelText('Amount (BAHT)');
    const reason = screen.getAllByLabelText('Reason')[0] as HTMLElement;

    await user.type(amount, '1.234');
    await user.type(reason, 'ok');
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(screen.getByText('Enter an amount above 0 with at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Write 3 to 200 characters')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '500.25');
    await user.clear(reason);
    await user.type(reason, 'Goodwill credit');
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByText('Applied: 500.25 BAHT is in the wallet now.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ amountMinor: '50025', reason: 'Goodwill credit' });
    expect(bodies[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);

    answer = { adjustment: adjustment({ amountMinor: '-250000', status: 'awaiting', entryId: null }), changed: true };
    await user.click(screen.getByRole('radio', { name: 'Debit (take)' }));
    await user.type(amount, '2,500');
    await user.type(reason, 'Duplicate deposit');
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(
      await screen.findByText("-2,500.00 BAHT waits for a second operator's approval; no money has moved yet."),
    ).toBeInTheDocument();
    expect(bodies[1]).toMatchObject({ amountMinor: '-250000', reason: 'Duplicate deposit' });
    expect(bodies[1]?.requestId).not.toBe(bodies[0]?.requestId);
  });

  it('pays a credit as a bonus: the switch asks for its two terms, and a debit cannot be one', async () => {
    asRole('finance');
    memberPage(() => detail());
    const bodies: Record<string, unknown>[] = [];
    let answer: AdjustmentResponse = {
      adjustment: adjustment({ amountMinor: '50000', asBonus: { winMultiple: 3, percentFail: 50 } }),
      changed: true,
    };
    server.use(
      http.post('*/backoffice/api/members/:id/adjustments', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(answer);
      }),
    );
    const { user } = renderApp('/members/m-1');
    await screen.findByRole('heading', { name: 'Manual adjustment' });
    expect(screen.queryByLabelText('Winnings must exceed (times the amount)')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Pay as a bonus' }));
    const multiple = screen.getByLabelText('Winnings must exceed (times the amount)');
    const fail = screen.getByLabelText('Taken back if cancelled (%)');
    expect(multiple).toHaveValue('1');
    expect(fail).toHaveValue('100');
    await user.clear(multiple);
    await user.type(multiple, '1001');
    await user.clear(fail);
    await user.type(fail, '10.5');
    await user.type(screen.getByLabelText('Amount (BAHT)'), '500');
    await user.type(screen.getAllByLabelText('Reason')[0] as HTMLElement, 'Goodwill bonus');
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(screen.getByText('A whole number from 0 to 1000')).toBeInTheDocument();
    expect(screen.getByText('A whole number from 0 to 100')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    // A multiple of 0 pays the bonus out at the first win: the form says so, and still lets it be sent.
    expect(screen.queryByTestId('bonus-terms-warnings')).toBeNull();
    await user.clear(multiple);
    await user.type(multiple, '0');
    expect(screen.getByTestId('bonus-terms-warnings')).toHaveTextContent('Any win, however small, ends this bonus');
    await user.clear(multiple);
    await user.type(multiple, '3');
    expect(screen.queryByTestId('bonus-terms-warnings')).toBeNull();
    await user.clear(fail);
    await user.type(fail, '50');
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(
      await screen.findByText('Applied as a bonus: 500.00 BAHT runs as the member’s bonus now.'),
    ).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ amountMinor: '50000', asBonus: { winMultiple: 3, percentFail: 50 } });
    // After a success the next adjustment starts as cash again.
    expect(screen.getByRole('switch', { name: 'Pay as a bonus' })).not.toBeChecked();

    answer = { adjustment: adjustment({ amountMinor: '-1000' }), changed: true };
    await user.click(screen.getByRole('switch', { name: 'Pay as a bonus' }));
    await user.click(screen.getByRole('radio', { name: 'Debit (take)' }));
    expect(screen.queryByRole('switch', { name: 'Pay as a bonus' })).toBeNull();
    await user.type(screen.getByLabelText('Amount (BAHT)'), '10');
    await user.type(screen.getAllByLabelText('Reason')[0] as HTMLElement, 'Chargeback');
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ amountMinor: '-1000' });
    expect(bodies[1]?.asBonus).toBeUndefined();
  });

  it('retries a failed adjustment with the same request id, and shows the refusal translated', async () => {
    asRole('admin');
    memberPage(() => detail());
    const ids: string[] = [];
    server.use(
      http.post('*/backoffice/api/members/:id/adjustments', async ({ request }) => {
        ids.push(((await request.json()) as { requestId: string }).requestId);
        return HttpResponse.json({ message: 'MONEY_NOT_ENOUGH' }, { status: 400 });
      }),
    );
    const { user } = renderApp('/members/m-1');
    await screen.findByRole('heading', { name: 'Manual adjustment' });
    await user.click(screen.getByRole('radio', { name: 'Debit (take)' }));
    await user.type(screen.getByLabelText('Amount (BAHT)'), '99999');
    await user.type(screen.getAllByLabelText('Reason')[0] as HTMLElement, 'Chargeback');
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    expect(await screen.findByText('The wallet does not hold enough for this debit.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(ids).toHaveLength(2));
    expect(ids[1]).toBe(ids[0]);
  });
});
