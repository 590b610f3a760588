import type {
  BackofficeBankNameChange,
  BankNameChangeCsvQuery,
  BankNameChangePage,
  BankNameChangeQuery,
  BankNameChangeResponse,
} from '@member-wallet/contract/backoffice/bank-name-changes';
import type { AuditRecorder, OperatorActor } from '../../core/operator/audit-log.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import type { BankNameRepository, ShownBankNameChange } from './bank-name.repository.ts';

/** Rows per read of the CSV export. */
const CSV_BATCH = 500;

export interface BankNameReviewServiceDeps {
  db: Db;
  repository: BankNameRepository;
  audit: AuditRecorder;
  clock: Clock;
}

function toBackoffice(row: ShownBankNameChange): BackofficeBankNameChange {
  return {
    id: String(row.id),
    member: {
      id: row.member_public_id,
      phone: row.member_phone,
      name: row.member_name,
      bankCode: row.member_bank_code,
      bankAccountNo: row.member_bank_account_no,
      bankAccountName: row.member_bank_account_name,
    },
    bankCode: row.bank_code,
    nameFrom: row.name_from,
    nameTo: row.name_to,
    status: row.status,
    requestedAt: row.requested_at.toISOString(),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    reason: row.reason,
  };
}

/** A request id as the path gives it: digits, within a bigint; anything else names no request. */
function requestId(text: string): bigint | null {
  return /^[1-9]\d{0,17}$/.test(text) ? BigInt(text) : null;
}

type Decision = { kind: 'approve'; note: string | null } | { kind: 'reject'; reason: string };

/**
 * Bank account name changes waiting for an operator (docs/backoffice/bank-name-changes.md). An approval writes
 * the member's new account name in the transaction that marks the request approved; a rejection leaves it. Each
 * decision runs under the member's row lock and only on a pending request (compare-and-set on the status), so two
 * operators deciding at once make one decision, and it commits with its audit line.
 */
export class BankNameReviewService {
  constructor(private readonly deps: BankNameReviewServiceDeps) {}

  async page(query: BankNameChangeQuery): Promise<BankNameChangePage> {
    const { total, rows } = await this.deps.repository.page(this.deps.db, query);
    return { total, requests: rows.map(toBackoffice) };
  }

  /** Every request of a filter, newest first, read a batch at a time. */
  async *all(query: BankNameChangeCsvQuery, batchSize = CSV_BATCH): AsyncGenerator<BackofficeBankNameChange> {
    yield* byIdDescending(
      (beforeId, size) => this.deps.repository.batch(this.deps.db, query, beforeId, size),
      toBackoffice,
      batchSize,
    );
  }

  approve(id: string, operator: OperatorActor, note: string | undefined): Promise<BankNameChangeResponse> {
    return this.decide(id, operator, { kind: 'approve', note: note || null });
  }

  reject(id: string, operator: OperatorActor, reason: string): Promise<BankNameChangeResponse> {
    return this.decide(id, operator, { kind: 'reject', reason });
  }

  private async decide(idText: string, operator: OperatorActor, decision: Decision): Promise<BankNameChangeResponse> {
    const { db, repository } = this.deps;
    const id = requestId(idText);
    const found = id === null ? undefined : await repository.find(db, id);
    if (id === null || !found) throw new AppError('NO_DATA');
    const changed = await transactionWithRetry(db, (trx) => this.apply(trx, found.member_id, id, operator, decision));
    const row = await repository.findShown(db, id);
    if (!row) throw new Error(`bank name change ${id} vanished`);
    return { request: toBackoffice(row), changed };
  }

  /** The decision, the member's name and the audit line, in the caller's transaction; false when already so. */
  private async apply(
    trx: Db,
    memberId: bigint,
    id: bigint,
    operator: OperatorActor,
    decision: Decision,
  ): Promise<boolean> {
    const { repository, audit, clock } = this.deps;
    const member = await repository.lockMember(trx, memberId);
    if (!member) throw new Error(`member ${memberId} of bank name change ${id} vanished`);
    const now = clock.now();
    const status = decision.kind === 'approve' ? 'approved' : 'rejected';
    const reason = decision.kind === 'approve' ? decision.note : decision.reason;
    const decided = await repository.decide(trx, id, {
      status,
      decided_by: operator.operatorId,
      decided_at: now,
      reason,
    });
    if (!decided) {
      if ((await repository.find(trx, id))?.status === status) return false;
      throw new AppError('ALREADY_REVIEWED');
    }
    if (decision.kind === 'approve') await repository.setMemberName(trx, memberId, decided.name_to, now);
    const request = String(id);
    const after = {
      request,
      status,
      bankAccountName: decision.kind === 'approve' ? decided.name_to : member.bank_account_name,
      ...(decision.kind === 'approve' ? (reason ? { note: reason } : {}) : { reason }),
    };
    await audit.record(
      trx,
      {
        actor: operator,
        action: `bank_name_change.${decision.kind}`,
        target: `member:${member.public_id}`,
        before: { request, status: 'pending', bankAccountName: member.bank_account_name },
        after,
      },
      now,
    );
    return true;
  }
}
