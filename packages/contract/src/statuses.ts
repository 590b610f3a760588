/** Statuses of statement entries and slips (spec section 4): anything but SUCCESS and FAILED is in progress. */
export const STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILED'] as const;
export type Status = (typeof STATUSES)[number];

export type StatusTone = 'success' | 'fail' | 'warning';

export function statusTone(status: string): StatusTone {
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED') return 'fail';
  return 'warning';
}

/** Kinds of statement entry (spec section 3, Statement). */
export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

export const MEMBER_STATUSES = ['active', 'inactive'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
