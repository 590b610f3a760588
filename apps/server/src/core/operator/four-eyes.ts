import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import type { Db } from '../../db/database.ts';
import type { SponsorReason } from '../../db/tables/operators.table.ts';
import { AppError, InvalidTokenError } from '../../lib/errors.ts';
import type { FourEyesRepository } from './four-eyes.repository.ts';

/** The roles that approve money (docs/backoffice/four-eyes.md): granting one needs a second admin. */
export const MONEY_APPROVING_ROLES: readonly OperatorRole[] = ['finance', 'admin'];

const RANK: Record<OperatorRole, number> = { support: 0, finance: 1, admin: 2 };

/** A role change that adds a power to approve money: to finance from support, to admin from anything else. */
export function grantsMoneyPower(from: OperatorRole, to: OperatorRole): boolean {
  return MONEY_APPROVING_ROLES.includes(to) && RANK[to] > RANK[from];
}

/**
 * The rules every approval obeys (docs/backoffice/four-eyes.md): the approver's row is locked and read again, so
 * an approval and a change of the approver's role are serialised (never the old role deciding after the new one
 * took effect), and two operators of whom one made, enrolled or re-roled the other never approve each other.
 */
export class FourEyes {
  constructor(private readonly repository: FourEyesRepository) {}

  /**
   * Locks the approver first of all (every approval does, in every transaction that decides) and checks, under the
   * lock, that they are still active (401) and hold one of `roles` (403 FORBIDDEN).
   */
  async lockApprover(db: Db, approverId: bigint, roles: readonly OperatorRole[]): Promise<void> {
    const approver = await this.repository.lockOperator(db, approverId);
    if (approver?.status !== 'active') throw new InvalidTokenError();
    if (!roles.includes(approver.role)) throw new AppError('FORBIDDEN');
  }

  /** Two operators of whom one made, enrolled or re-roled the other: 409 OPERATOR_RELATED. */
  async assertUnrelated(db: Db, a: bigint, b: bigint): Promise<void> {
    if (await this.repository.related(db, a, b)) throw new AppError('OPERATOR_RELATED');
  }

  /** Locks an operator's row (their credits alone in a day are counted under it). */
  async lock(db: Db, operatorId: bigint): Promise<void> {
    await this.repository.lockOperator(db, operatorId);
  }

  recordSponsor(db: Db, operatorId: bigint, sponsorId: bigint, reason: SponsorReason, at: Date): Promise<void> {
    return this.repository.recordSponsor(db, operatorId, sponsorId, reason, at);
  }
}
