import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function change(overrides: Partial<PendingChange> = {}): PendingChange {
  return {
    id: '12',
    kind: 'settings.adjustment',
    target: 'setting:adjustment:BAHT',
    before: { currency: 'BAHT', approvalAbove: '100000' },
    after: { currency: 'BAHT', approvalAbove: '500000' },
    status: 'pending',
    proposedBy: 'somchai',
    proposedAt: '2026-11-23T01:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
    ...overrides,
  };
}

const grant = change({
  id: '13',
  kind: 'operator.role',
  target: 'operator:9',
  before: { username: 'ploy', role: 'support' },
  after: { username: 'ploy', role: 'finance' },
  proposedBy: OPERATOR.username,
});

let rows: PendingChange[];
beforeEach(() => {
  rows = [change(), grant];
  server.use(
    http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'admin' })),
    http.get('*/backoffice/api/pending-changes', () => HttpResponse.json({ changes: rows })),
  );
});

describe('pending changes', () => {
  it('shows what each change was and becomes, and who asked; the admin’s own can only be withdrawn', async () => {
    renderApp('/pending-changes');
    const [adjustment, role] = await screen.findAllByTestId('pending-change-row');
    expect(adjustment).toHaveTextContent('Manual adjustments in BAHT');
    expect(adjustment).toHaveTextContent('NowSecond approval above 1,000.00 BAHT');
    expect(adjustment).toHaveTextContent('Asked forSecond approval above 5,000.00 BAHT');
    expect(adjustment).toHaveTextContent('Asked by somchai');
    expect(role).toHaveTextContent('Role of ploy');
    expect(role).toHaveTextContent('Finance');
    expect(role).toHaveTextContent('Your own change: another admin decides it, or you withdraw it.');
    expect(
      within(role as HTMLElement)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Withdraw']);
    expect(screen.getByRole('link', { name: 'Pending changes' })).toHaveAttribute('aria-current', 'page');
  });

  it('approves after a confirmation and reads the list again', async () => {
    let approved: unknown;
    server.use(
      http.post('*/backoffice/api/pending-changes/:id/approve', ({ params }) => {
        approved = params.id;
        rows = [grant];
        return HttpResponse.json({ change: change({ status: 'applied', decidedBy: OPERATOR.username }) });
      }),
    );
    const { user } = renderApp('/pending-changes');
    await screen.findAllByTestId('pending-change-row');
    await user.click(screen.getByRole('button', { name: 'Approve Manual adjustments in BAHT' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this change?' });
    expect(dialog).toHaveTextContent(
      'Manual adjustments in BAHT: from Second approval above 1,000.00 BAHT to Second approval above 5,000.00 BAHT, asked by somchai.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Approved and applied.');
    expect(approved).toBe('12');
    expect(await screen.findAllByTestId('pending-change-row')).toHaveLength(1);
  });

  it('withdraws the admin’s own change after a confirmation', async () => {
    let withdrawn: unknown;
    server.use(
      http.post('*/backoffice/api/pending-changes/:id/withdraw', ({ params }) => {
        withdrawn = params.id;
        rows = [change()];
        return HttpResponse.json({ change: { ...grant, status: 'withdrawn', decidedBy: OPERATOR.username } });
      }),
    );
    const { user } = renderApp('/pending-changes');
    await screen.findAllByTestId('pending-change-row');
    await user.click(screen.getByRole('button', { name: 'Withdraw Role of ploy' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw your change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Withdrawn: nothing changed.');
    expect(withdrawn).toBe('13');
    expect(await screen.findAllByTestId('pending-change-row')).toHaveLength(1);
  });

  it('rejects only with a reason, and shows a refusal translated', async () => {
    let reason: unknown;
    server.use(
      http.post('*/backoffice/api/pending-changes/:id/reject', async ({ request }) => {
        reason = ((await request.json()) as { reason: string }).reason;
        return HttpResponse.json({ message: 'CHANGE_DECIDED' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/pending-changes');
    await screen.findAllByTestId('pending-change-row');
    await user.click(screen.getByRole('button', { name: 'Reject Manual adjustments in BAHT' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this change?' });
    await user.type(within(dialog).getByLabelText('Why'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write 3 to 200 characters.');
    expect(reason).toBeUndefined();
    await user.type(within(dialog).getByLabelText('Why'), 't this month');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This change was already approved or rejected by someone else.',
    );
    expect(reason).toBe('not this month');
  });

  it("shows a reward's money terms before and after: a bonus, a programme, the wheel", async () => {
    const terms = {
      code: 'WELCOME',
      kind: 'bonus',
      type: 'limit',
      currency: 'BAHT',
      maxReceived: 1,
      totalMax: null,
      percentFail: 50,
      amountRule: 'deposit_percent',
      amountMinor: null,
      depositPercent: 100,
      amountCapMinor: '100000',
      depositWindowHours: 24,
      winMultiple: 5,
      endBelowMinor: '1000',
      active: true,
    };
    const slice = (code: string, weight: number, baht: number) => ({
      code,
      weight,
      prize: { type: 'cash', amount: { BAHT: baht } },
    });
    const rules = { depositPerCoin: { BAHT: 100 }, couponExpiryHours: 168 };
    rows = [
      change({
        id: '20',
        kind: 'promotions.bonus',
        target: 'bonus:WELCOME',
        before: terms,
        after: { ...terms, amountCapMinor: '4000000' },
      }),
      change({
        id: '21',
        kind: 'promotions.refund',
        target: 'setting:refundProgramme',
        before: { enabled: false, period: 'week', percent: 5, minimum: 0, cap: 5000, successPercent: 100 },
        after: { enabled: true, period: 'day', percent: 5, minimum: 0, cap: 5000, successPercent: 100 },
      }),
      change({
        id: '22',
        kind: 'promotions.spin',
        target: 'setting:spin',
        before: { wheel: null, rules: null },
        after: {
          wheel: {
            active: true,
            slices: [slice('CASH_500', 1, 500), { code: 'NONE', weight: 3, prize: { type: 'none' } }],
          },
          rules,
        },
      }),
    ];
    renderApp('/pending-changes');
    const [bonus, refund, wheel] = await screen.findAllByTestId('pending-change-row');
    expect(bonus).toHaveTextContent('Bonus WELCOME');
    expect(bonus).toHaveTextContent('NowActive100% of a deposit of the last 24 h, up to 1,000.00 BAHT');
    expect(bonus).toHaveTextContent('Asked forActive100% of a deposit of the last 24 h, up to 40,000.00 BAHT');
    expect(bonus).toHaveTextContent('Ends at winnings over 5x the bonus');
    expect(refund).toHaveTextContent('Loss refund programme');
    expect(refund).toHaveTextContent('NowOff5% of the net loss of each week');
    expect(refund).toHaveTextContent('Asked forOn5% of the net loss of each day');
    expect(wheel).toHaveTextContent('Prize wheel');
    expect(wheel).toHaveTextContent('NowNot set');
    expect(wheel).toHaveTextContent('CASH_500: 500.00 BAHT, chance 25.00%');
    expect(wheel).toHaveTextContent('A coin per 100.00 BAHT deposited');
  });

  it('speaks Thai', async () => {
    const { user } = renderApp('/pending-changes');
    await screen.findAllByTestId('pending-change-row');
    await user.click(screen.getByRole('button', { name: 'ไทย' }));
    expect(screen.getByRole('heading', { name: 'การเปลี่ยนแปลงที่รอผู้ดูแลระบบคนที่สองอนุมัติ' })).toBeInTheDocument();
    expect(screen.getByText('การปรับยอดด้วยมือ สกุล BAHT')).toBeInTheDocument();
  });
});
