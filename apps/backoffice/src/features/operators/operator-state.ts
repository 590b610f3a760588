import type { OperatorSummary } from '@member-wallet/contract/backoffice/operator-accounts';

/**
 * Where an operator's enrolment link stands: `none` when they are not waiting for enrolment, `open` while the
 * link works, `expired` once it stopped (the server then sends no expiry, or an expiry already past).
 */
export function enrolmentLinkState(operator: OperatorSummary, now: number): 'none' | 'open' | 'expired' {
  if (operator.state !== 'enrolling') return 'none';
  if (operator.enrolmentExpiresAt === null) return 'expired';
  const expires = Date.parse(operator.enrolmentExpiresAt);
  return Number.isNaN(expires) || expires <= now ? 'expired' : 'open';
}
