import type { Locale } from '@member-wallet/contract/constants';
import { toMajor } from '@member-wallet/contract/money';
import type { StatementItem, StatementRequest, StatementResponse } from '@member-wallet/contract/statement';
import { STATEMENT_SOURCES } from '@member-wallet/contract/statement';
import { STATEMENT_TYPES, type StatementType, type Status } from '@member-wallet/contract/statuses';
import { WALLET_CODE } from '@member-wallet/contract/wallet';
import type { Db } from '../../db/database.ts';
import type { JournalEntryStatus } from '../../db/tables/ledger.table.ts';
import type { StatementRepository, StatementRow } from './statement.repository.ts';
import { describedIn } from './statement.texts.ts';

/** Where the money of a deposit came from when the entry does not say (entries written before issue 5's deposits). */
const DEPOSIT_SOURCE_DEFAULT = 'bank';
/** The outside party of a bonus or a bonus finished. */
const BONUS_PARTY = 'bonus';

const STATUS_OF_ENTRY: Record<JournalEntryStatus, Status> = {
  completed: 'SUCCESS',
  failed: 'FAILED',
  reversed: 'FAILED',
  pending: 'IN_PROGRESS',
};

/**
 * The member's statement: a view of their own journal entries, never a second record of money
 * (DESIGN.md section 4; the rules are in docs/ledger.md, Statement).
 */
export class StatementService {
  constructor(
    private readonly db: Db,
    private readonly repository: StatementRepository,
  ) {}

  /** One page, its descriptions in the reader's language (`locale`, from the request's Accept-Language). */
  async statement(memberId: bigint, request: StatementRequest, locale: Locale): Promise<StatementResponse> {
    const offset = (request.page - 1) * request.limit;
    // One snapshot for both reads, so the total always counts the rows the pages show.
    const { total, rows } = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const total = await this.repository.count(trx, memberId);
        // A page past the end needs no query: it is empty whatever the rows.
        const rows = offset < total ? await this.repository.page(trx, memberId, offset, request.limit) : [];
        return { total, rows };
      });
    return { total, statements: rows.map((row) => statementItem(row, locale)) };
  }
}

export function statementItem(row: StatementRow, locale: Locale): StatementItem {
  const type = statementType(row);
  return {
    id: String(row.id),
    statementType: type,
    status: STATUS_OF_ENTRY[row.status],
    ...parties(type, row),
    // From the wallet's side. An entry that does not touch the wallet (the reservation of a game-to-wallet
    // transfer) moves the member's money from their other accounts towards it, so its sign is flipped.
    amount: toMajor(row.wallet_minor ?? -(row.other_minor ?? 0n)),
    createdAt: row.created_at.toISOString(),
    ...descriptionSource(row, locale),
  };
}

function statementType(row: StatementRow): StatementType {
  const type = STATEMENT_TYPES.find((candidate) => candidate === row.type);
  // The repository's filter lets no other type through: anything else is a bug.
  if (!type) throw new Error(`journal entry ${row.id} of type ${row.type} is not a statement row`);
  return type;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function parties(type: StatementType, row: StatementRow): { from: string; to: string } {
  const { reference } = row;
  switch (type) {
    case 'transfer': {
      const provider = text(reference.provider) ?? '';
      return reference.direction === 'from_game'
        ? { from: provider, to: WALLET_CODE }
        : { from: WALLET_CODE, to: provider };
    }
    case 'withdraw':
      return { from: WALLET_CODE, to: row.bank_code };
    case 'deposit':
      return { from: text(reference.source) ?? DEPOSIT_SOURCE_DEFAULT, to: WALLET_CODE };
    case 'bonus':
      return { from: BONUS_PARTY, to: WALLET_CODE };
    case 'finish_bonus':
      return { from: WALLET_CODE, to: BONUS_PARTY };
  }
}

/**
 * The first source of the reference that carries a description (spec section 3: at most one per row), in the
 * reader's language.
 */
function descriptionSource(row: StatementRow, locale: Locale): Partial<StatementItem> {
  for (const source of STATEMENT_SOURCES) {
    const value = row.reference[source];
    if (value === null || typeof value !== 'object') continue;
    const description = (value as Record<string, unknown>).description;
    if (typeof description === 'string')
      return { [source]: { description: describedIn(source, row, description, locale) } };
  }
  return {};
}
