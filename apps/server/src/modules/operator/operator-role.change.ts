import { OPERATOR_ROLES, type OperatorRole } from '@member-wallet/contract/backoffice/operators';
import type { AuditChange } from '../../core/operator/audit-log.ts';
import type { FourEyes } from '../../core/operator/four-eyes.ts';
import type { PendingChangeRow } from '../../core/operator/pending-change.repository.ts';
import type { ChangeKindHandler } from '../../core/operator/pending-change.service.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { OperatorAccountsRepository } from './operator-accounts.repository.ts';

function targetOf(change: PendingChangeRow): { id: bigint; role: OperatorRole } {
  const id = /^operator:(\d+)$/.exec(change.target)?.[1];
  const role = (change.after as { role?: unknown }).role;
  if (!id || !OPERATOR_ROLES.includes(role as OperatorRole)) throw new Error(`malformed role change ${change.id}`);
  return { id: BigInt(id), role: role as OperatorRole };
}

/**
 * A money-approving role granted by a second admin (docs/backoffice/four-eyes.md): never by the operator it is
 * granted to nor by anyone related to them, and the proposer is related to them from then on (`role`).
 */
export function operatorRoleChange(repository: OperatorAccountsRepository, fourEyes: FourEyes): ChangeKindHandler {
  return {
    // A role has no amount: the deployment's ceilings do not apply.
    checkCeiling: () => undefined,
    async assertApprover(trx: Db, approverId: bigint, change: PendingChangeRow) {
      const target = targetOf(change);
      if (target.id === approverId) throw new AppError('CHANGE_OWN');
      await fourEyes.assertUnrelated(trx, approverId, target.id);
    },
    async apply(trx: Db, change: PendingChangeRow, now: Date): Promise<AuditChange> {
      const target = targetOf(change);
      const [locked] = await repository
        .lockForChange(trx, [target.id])
        .then((rows) => rows.filter((row) => row.id === target.id));
      if (!locked) throw new AppError('NO_DATA');
      await repository.update(trx, target.id, { role: target.role });
      await fourEyes.recordSponsor(trx, target.id, change.proposed_by, 'role', now);
      return {
        action: 'operator.update',
        target: change.target,
        before: { role: locked.role },
        after: { role: target.role },
      };
    },
  };
}
