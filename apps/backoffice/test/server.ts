import type { DashboardResponse } from '@member-wallet/contract/backoffice/dashboard';
import type { MemberSaferPlayResponse } from '@member-wallet/contract/backoffice/safer-play';
import type { BackofficeWithdrawal } from '@member-wallet/contract/backoffice/withdrawals';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const OPERATOR = { id: '7', username: 'alice', displayName: null, role: 'finance' as const };

/** A withdrawal as the queue lists it; tests override what they need. */
export function queuedWithdrawal(overrides: Partial<BackofficeWithdrawal> = {}): BackofficeWithdrawal {
  return {
    id: '41',
    member: { id: '3', phone: '0812345678', name: 'Somchai Jaidee' },
    amountMinor: '1234567',
    currency: 'THB',
    bank: { code: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE' },
    status: 'IN_PROGRESS',
    review: 'awaiting',
    failureReason: null,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: '2026-11-22T17:05:09.000Z',
    ...overrides,
  };
}

/** A dashboard as the server answers it; tests override what they need. */
export function dashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    day: { from: '2026-11-22T17:00:00.000Z', timeZone: 'Asia/Bangkok' },
    deposits: [{ currency: 'BAHT', count: 4, amountMinor: '1250050' }],
    withdrawals: [
      { currency: 'BAHT', status: 'IN_PROGRESS', count: 2, amountMinor: '300000' },
      { currency: 'BAHT', status: 'SUCCESS', count: 1, amountMinor: '50000' },
    ],
    pending: {
      withdrawalsAwaitingReview: 3,
      withdrawalsInProgress: 1,
      slipsInProgress: 0,
      slipsToReview: 4,
      unmatchedTransfers: 2,
      adjustmentsAwaitingApproval: 1,
      inviteLinksHeld: 2,
      chatsUnread: 5,
    },
    membersSignedIn: 17,
    saferPlay: { membersWithLimit: 4, membersTimedOut: 2, membersSelfExcluded: 1, watchListOpen: 3 },
    ledger: { drifts: 0, unbalancedEntries: 0 },
    jobs: [
      {
        name: 'qr-settler',
        intervalMs: 30_000,
        lastStartedAt: '2026-11-23T03:15:00.000Z',
        lastSuccessAt: '2026-11-23T03:15:01.000Z',
        lastFailureAt: null,
        lastError: null,
        nextRunAt: '2026-11-23T03:15:30.000Z',
        node: 'web-1:4242',
        failuresInRow: 0,
        late: false,
      },
      {
        name: 'withdrawal-settler',
        intervalMs: 30_000,
        lastStartedAt: '2026-11-23T03:15:10.000Z',
        lastSuccessAt: '2026-11-23T02:00:00.000Z',
        lastFailureAt: '2026-11-23T03:15:12.000Z',
        lastError: 'Error: payout party answered 503',
        nextRunAt: '2026-11-23T03:15:40.000Z',
        node: 'web-2:77',
        failuresInRow: 3,
        late: false,
      },
    ],
    ...overrides,
  };
}

/** A member's safer play with nothing set; tests override what they need. */
export function saferPlay(overrides: Partial<MemberSaferPlayResponse> = {}): MemberSaferPlayResponse {
  const limits = (['deposit', 'loss'] as const).flatMap((kind) =>
    (['day', 'week', 'month'] as const).map((period) => ({ kind, period, amountMinor: null, pending: null })),
  );
  return {
    currency: 'BAHT',
    limits,
    realityCheckMinutes: null,
    block: null,
    history: { total: 0, events: [] },
    ...overrides,
  };
}

/** A signed-in operator's calls answered as the server would; tests override per case. */
export const defaultHandlers = [
  http.get('*/backoffice/api/auth/me', () => HttpResponse.json(OPERATOR)),
  http.post('*/backoffice/api/auth/logout', () => HttpResponse.json({ message: 'OK' })),
  http.get('*/backoffice/api/withdrawals', () => HttpResponse.json({ total: 1, withdrawals: [queuedWithdrawal()] })),
  http.get('*/backoffice/api/dashboard', () => HttpResponse.json(dashboard())),
  http.get('*/backoffice/api/members/:id/safer-play', () => HttpResponse.json(saferPlay())),
  http.get('*/backoffice/api/sandbox', () => HttpResponse.json({ sandbox: false, active: false })),
  http.get('*/backoffice/api/chat/conversations', () =>
    HttpResponse.json({ items: [], nextCursor: null, unreadTotal: 0 }),
  ),
];

export const server = setupServer(...defaultHandlers);
