import type {
  BackofficePersonMatch,
  PersonMatchCsvQuery,
  PersonMatchDecision,
  PersonMatchPage,
  PersonMatchQuery,
  PersonMatchResponse,
} from '@member-wallet/contract/backoffice/person-matches';
import type { BlockKind } from '@member-wallet/contract/safer-play';
import type { AuditRecorder, OperatorActor } from '../../core/operator/audit-log.ts';
import type { PersonRepository } from '../../core/person/person.repository.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import type { PersonBackofficeRepository, ShownPersonMatch } from './person.backoffice.repository.ts';

/** Rows per read of the CSV export. */
const CSV_BATCH = 500;

export interface PersonBackofficeServiceDeps {
  db: Db;
  repository: PersonBackofficeRepository;
  people: PersonRepository;
  audit: AuditRecorder;
  clock: Clock;
}

/** The block in force on an account's row at `now` (ended but not reopened included), as the queue shows it. */
function blockShown(kind: BlockKind | null, reopensAt: Date | null, now: Date): BlockKind | null {
  if (kind === null) return null;
  return reopensAt !== null && reopensAt.getTime() <= now.getTime() ? null : kind;
}

function toBackoffice(row: ShownPersonMatch, now: Date): BackofficePersonMatch {
  const account = (prefix: 'member' | 'other') => ({
    id: row[`${prefix}_public_id`],
    phone: row[`${prefix}_phone`],
    bankCode: row[`${prefix}_bank_code`],
    bankAccountNo: row[`${prefix}_bank_account_no`],
    bankAccountName: row[`${prefix}_bank_account_name`],
    registrationIp: row[`${prefix}_registration_ip`],
    block: blockShown(row[`${prefix}_block_kind`], row[`${prefix}_reopens_at`], now),
  });
  return {
    id: String(row.id),
    member: account('member'),
    other: account('other'),
    signals: row.signals,
    status: row.status,
    foundAt: row.found_at.toISOString(),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    note: row.note,
  };
}

/** A match id as the path gives it: digits, within a bigint; anything else names no match. */
function matchId(text: string): bigint | null {
  return /^[1-9]\d{0,17}$/.test(text) ? BigInt(text) : null;
}

/**
 * The "possible same person" queue (docs/backoffice/person-matches.md): the open matches with their evidence, and
 * the operator's decision. `link`: one person, for good (the accounts share blocks, bonuses and no commission);
 * `dismiss`: two people, the match no longer binds them. A decision is taken on an open match only, under its row
 * lock, and commits with its audit line; the same decision again changes nothing.
 */
export class PersonBackofficeService {
  constructor(private readonly deps: PersonBackofficeServiceDeps) {}

  async page(query: PersonMatchQuery): Promise<PersonMatchPage> {
    const { total, rows } = await this.deps.repository.page(this.deps.db, query);
    const now = this.deps.clock.now();
    return { total, matches: rows.map((row) => toBackoffice(row, now)) };
  }

  /** Every match of a filter, newest first, read a batch at a time. */
  async *all(query: PersonMatchCsvQuery, batchSize = CSV_BATCH): AsyncGenerator<BackofficePersonMatch> {
    const now = this.deps.clock.now();
    yield* byIdDescending(
      (beforeId, size) => this.deps.repository.batch(this.deps.db, query, beforeId, size),
      (row) => toBackoffice(row, now),
      batchSize,
    );
  }

  async decide(idText: string, operator: OperatorActor, decision: PersonMatchDecision): Promise<PersonMatchResponse> {
    const { db, repository } = this.deps;
    const id = matchId(idText);
    if (id === null) throw new AppError('NO_DATA');
    const changed = await transactionWithRetry(db, (trx) => this.apply(trx, id, operator, decision));
    const row = await repository.findShown(db, id);
    if (!row) throw new Error(`person match ${id} vanished`);
    return { match: toBackoffice(row, this.deps.clock.now()), changed };
  }

  private async apply(trx: Db, id: bigint, operator: OperatorActor, decision: PersonMatchDecision): Promise<boolean> {
    const { repository, people, audit, clock } = this.deps;
    const match = await repository.lock(trx, id);
    if (!match) throw new AppError('NO_DATA');
    const status = decision.decision === 'link' ? 'linked' : 'dismissed';
    if (match.status === status) return false;
    if (match.status !== 'open') throw new AppError('ALREADY_REVIEWED');
    const now = clock.now();
    const note = decision.note || null;
    await repository.decide(trx, id, { status, by: operator.operatorId, at: now, note });
    if (status === 'linked') await people.mergePersons(trx, match.member_id, match.other_member_id);
    await audit.record(
      trx,
      {
        actor: operator,
        action: `person_match.${decision.decision}`,
        target: `person_match:${id}`,
        before: { status: 'open', signals: match.signals },
        after: { status, ...(note ? { note } : {}) },
      },
      now,
    );
    return true;
  }
}
