import { STATEMENT_TYPES } from '@member-wallet/contract/statuses';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { JournalEntryStatus, JournalEntryType } from '../../db/tables/ledger.table.ts';

/** One statement row as stored: the entry and what it moved on the member's own accounts. */
export interface StatementRow {
  id: bigint;
  type: JournalEntryType;
  status: JournalEntryStatus;
  reference: Record<string, unknown>;
  created_at: Date;
  /** Sum of the entry's postings on the member's main wallet; null when it has none there. */
  wallet_minor: bigint | null;
  /** Sum of its postings on the member's other accounts (game positions); null when it has none. */
  other_minor: bigint | null;
  bank_code: string;
  /** The names per language of the bonus or promotion definition the entry names (`reference.bonusCode`). */
  bonus_names: Record<string, string> | null;
  /** The labels per language of the wheel prize the entry pays (`reference.luckydraw.coupon`). */
  prize_labels: Record<string, string> | null;
}

/**
 * The rows of a statement, in words the same as the predicate of `journal_entries_statement_idx` (migration
 * 0006): the literal type list lets the planner prove the partial index applies whatever the parameters.
 */
const statementEntry: Expression<SqlBool> = sql<SqlBool>`
  listed and reversal_of is null
  and type in (${sql.raw(STATEMENT_TYPES.map((type) => `'${type}'`).join(', '))})`;

/** All SQL of the statement (docs/ledger.md, Statement). Reads only, on the executor given. */
export class StatementRepository {
  /** How many statement rows the member has. An index-only scan of the partial index. */
  async count(db: Db, memberId: bigint): Promise<number> {
    const row = await db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<bigint>().as('total'))
      .where('member_id', '=', memberId)
      .where(statementEntry)
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /**
   * One page of the member's statement rows, newest first (ties by id, so the order is total and stable).
   * The page's ids come from an index-only scan that skips `offset` index tuples without reading the table;
   * only the page's own entries and postings are read.
   */
  page(db: Db, memberId: bigint, offset: number, limit: number): Promise<StatementRow[]> {
    const ids = db
      .selectFrom('journal_entries')
      .select(['id', 'created_at'])
      .where('member_id', '=', memberId)
      .where(statementEntry)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset);
    return db
      .selectFrom(ids.as('page'))
      .innerJoin('journal_entries as e', 'e.id', 'page.id')
      .innerJoin('members as m', 'm.id', 'e.member_id')
      .select(['e.id', 'e.type', 'e.status', 'e.reference', 'e.created_at', 'm.bank_code'])
      .select((eb) => [
        ownPostings(eb.ref('e.id'), memberId, 'wallet').as('wallet_minor'),
        ownPostings(eb.ref('e.id'), memberId, 'other').as('other_minor'),
        sql<Record<string, string> | null>`(
          select b.names from bonuses b where b.code = e.reference->>'bonusCode')`.as('bonus_names'),
        sql<Record<string, string> | null>`(
          select c.labels from spin_coupons c where c.public_id = e.reference->'luckydraw'->>'coupon')`.as(
          'prize_labels',
        ),
      ])
      .orderBy('page.created_at', 'desc')
      .orderBy('page.id', 'desc')
      .execute();
  }
}

/** The sum of an entry's postings on the member's main wallet, or on the member's other accounts. */
function ownPostings(entryId: Expression<bigint>, memberId: bigint, which: 'wallet' | 'other') {
  const kind = which === 'wallet' ? sql`a.kind = 'member_wallet'` : sql`a.kind <> 'member_wallet'`;
  return sql<bigint | null>`(
    select sum(p.amount)::bigint from postings p join ledger_accounts a on a.id = p.account_id
    where p.entry_id = ${entryId} and a.member_id = ${memberId} and ${kind})`;
}
