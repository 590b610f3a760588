import type { MemberCsvQuery, MemberQuery } from '@member-wallet/contract/backoffice/members';
import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';

/** How many of each a member's page shows. */
const ENTRIES_SHOWN = 50;
const SLIPS_SHOWN = 20;
const BONUSES_SHOWN = 20;

/** Characters that would make a LIKE pattern match more than the operator typed. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The back-office's reads of members (docs/backoffice/members.md, Members), and the writes of lock and reset. */
export class MembersBackofficeRepository {
  constructor(private readonly db: Db) {}

  /**
   * Members matching `q` (phone start, part of the name, bank account digits at its end), newest first, with
   * their wallet balance in their currency.
   */
  async page(query: MemberQuery) {
    const members = this.matching(query.q);
    const [count, rows] = await Promise.all([
      members.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      this.withColumns(members)
        .orderBy('m.id', 'desc')
        .offset((query.page - 1) * query.limit)
        .limit(query.limit)
        .execute(),
    ]);
    return { total: Number(count.total), rows };
  }

  /** The members of a search, newest first, `limit` at a time after `beforeId` (keyset paging, CSV export). */
  batch(query: MemberCsvQuery, beforeId: bigint | null, limit: number) {
    let members = this.matching(query.q);
    if (beforeId !== null) members = members.where('m.id', '<', beforeId);
    return this.withColumns(members).orderBy('m.id', 'desc').limit(limit).execute();
  }

  private matching(text: string | undefined) {
    let members = this.members();
    const q = text?.trim();
    if (q) {
      const digits = q.replace(/\D/g, '');
      members = members.where((eb) =>
        eb.or([
          eb('m.name', 'ilike', `%${escapeLike(q)}%`),
          ...(digits.length >= 3
            ? [
                eb('m.phone', 'like', `${escapeLike(digits)}%`),
                eb('m.bank_account_no', 'like', `%${escapeLike(digits)}`),
              ]
            : []),
        ]),
      );
    }
    return members;
  }

  findByPublicId(publicId: string) {
    return this.withColumns(this.members().where('m.public_id', '=', publicId)).executeTakeFirst();
  }

  /** Members with their wallet account of their own currency (none before their first money). */
  private members() {
    return this.db
      .selectFrom('members as m')
      .leftJoin('ledger_accounts as w', (join) =>
        join
          .onRef('w.member_id', '=', 'm.id')
          .onRef('w.currency', '=', 'm.currency')
          .on('w.kind', '=', 'member_wallet'),
      );
  }

  private withColumns(members: ReturnType<MembersBackofficeRepository['members']>) {
    return members
      .select([
        'm.id',
        'm.public_id',
        'm.phone',
        'm.name',
        'm.bank_code',
        'm.bank_account_no',
        'm.bank_account_name',
        'm.currency',
        'm.status',
        'm.created_at',
      ])
      .select((eb) => eb.fn.coalesce('w.balance', sql<bigint>`0`).as('wallet'));
  }

  gameAccounts(memberId: bigint) {
    return this.db
      .selectFrom('game_accounts')
      .select(['provider_code', 'username', 'status', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('provider_code')
      .execute();
  }

  /** The latest entries that moved the member's wallet, with the wallet's change in each. */
  entries(memberId: bigint) {
    return this.db
      .selectFrom('postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
      .where('a.member_id', '=', memberId)
      .where('a.kind', '=', 'member_wallet')
      .select(['e.id', 'e.type', 'e.status', 'e.created_at'])
      .select((eb) => eb.fn.sum<string>('p.amount').as('change'))
      .groupBy(['e.id', 'e.type', 'e.status', 'e.created_at'])
      .orderBy('e.id', 'desc')
      .limit(ENTRIES_SHOWN)
      .execute();
  }

  slips(memberId: bigint) {
    return this.db
      .selectFrom('slips')
      .select(['public_id', 'status', 'note', 'amount_minor', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(SLIPS_SHOWN)
      .execute();
  }

  bonuses(memberId: bigint) {
    return this.db
      .selectFrom('member_bonuses as mb')
      .innerJoin('bonuses as b', 'b.id', 'mb.bonus_id')
      .select(['b.code', 'mb.status', 'mb.amount_minor', 'mb.activated_at'])
      .where('mb.member_id', '=', memberId)
      .orderBy('mb.id', 'desc')
      .limit(BONUSES_SHOWN)
      .execute();
  }

  selectForUpdate(trx: Transaction<Database>, publicId: string) {
    return trx
      .selectFrom('members')
      .select(['id', 'status', 'phone'])
      .where('public_id', '=', publicId)
      .forUpdate()
      .executeTakeFirst();
  }

  async setStatus(trx: Transaction<Database>, id: bigint, status: 'active' | 'inactive', now: Date): Promise<void> {
    await trx.updateTable('members').set({ status, updated_at: now }).where('id', '=', id).execute();
  }

  async setPasswordHash(trx: Transaction<Database>, id: bigint, passwordHash: string, now: Date): Promise<void> {
    await trx
      .updateTable('members')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Ends every live session of the member. */
  async revokeSessions(trx: Transaction<Database>, memberId: bigint, now: Date): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
