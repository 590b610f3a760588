import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import type { Db } from '../../db/database.ts';
import type { OperatorStatus, SponsorReason } from '../../db/tables/operators.table.ts';

/**
 * The SQL of the four-eyes rules (migration 0042, docs/backoffice/four-eyes.md): an operator's row locked while
 * they decide, and who made, enrolled or re-roled whom.
 */
export class FourEyesRepository {
  /**
   * The operator's role and state, locked `for update`: a role change of the same operator (which locks this row
   * too) waits for the decision's commit, or the decision waits for the change and reads its result.
   */
  lockOperator(db: Db, id: bigint): Promise<{ role: OperatorRole; status: OperatorStatus } | undefined> {
    return db.selectFrom('operators').select(['role', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Whether either operator made, issued an enrolment link for, or re-roled the other. */
  async related(db: Db, a: bigint, b: bigint): Promise<boolean> {
    const row = await db
      .selectFrom('operator_sponsors')
      .select('operator_id')
      .where((eb) =>
        eb.or([
          eb.and([eb('operator_id', '=', a), eb('sponsor_id', '=', b)]),
          eb.and([eb('operator_id', '=', b), eb('sponsor_id', '=', a)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordSponsor(db: Db, operatorId: bigint, sponsorId: bigint, reason: SponsorReason, at: Date): Promise<void> {
    if (operatorId === sponsorId) return;
    await db
      .insertInto('operator_sponsors')
      .values({ operator_id: operatorId, sponsor_id: sponsorId, reason, at })
      .onConflict((conflict) => conflict.columns(['operator_id', 'sponsor_id', 'reason']).doNothing())
      .execute();
  }
}
