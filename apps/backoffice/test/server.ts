import type { BackofficeWithdrawal } from '@member-wallet/contract/backoffice';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const OPERATOR = { id: '7', username: 'alice', role: 'finance' as const };

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

/** A signed-in operator's calls answered as the server would; tests override per case. */
export const defaultHandlers = [
  http.get('*/backoffice/api/auth/me', () => HttpResponse.json(OPERATOR)),
  http.post('*/backoffice/api/auth/logout', () => HttpResponse.json({ message: 'OK' })),
  http.get('*/backoffice/api/withdrawals', () => HttpResponse.json({ total: 1, withdrawals: [queuedWithdrawal()] })),
];

export const server = setupServer(...defaultHandlers);
