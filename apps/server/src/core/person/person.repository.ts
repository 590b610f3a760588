import type { PersonMatchStatus, PersonSignal } from '@member-wallet/contract/backoffice/person-matches';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { PersonMatchesTable } from '../../db/tables/accounts.table.ts';
import type { SaferPlayRow } from '../safer-play/safer-play.repository.ts';

export type PersonMatchRow = Selectable<PersonMatchesTable>;

/** An account as the person rule compares it (person.match.ts). */
export interface PersonAccount {
  id: bigint;
  bank_account_name: string;
  bank_account_no: string;
  registration_ip: string | null;
}

/** Accounts read for one look-up at most: a name or a number shared by more is a common one, not one person. */
export const CANDIDATES_MAX = 50;

const ACCOUNT_COLUMNS = ['id', 'bank_account_name', 'bank_account_no', 'registration_ip'] as const;

/** Accounts one look-up of a person reaches at most: beyond that, a name is a common one, not one person. */
export const PERSON_ACCOUNTS_MAX = 500;

/**
 * The accounts that count as the member's person (docs/accounts.md, One person behind the accounts): the member
 * and every account reached from them through matches linked or open, however many steps away (an account
 * found on the member's device and one holding the member's number at another bank are one person together).
 */
function relatedQuery(memberId: bigint) {
  return sql<{ id: bigint }>`
    with recursive edges(a, b) as (
      select member_id, other_member_id from person_matches where status in ('open', 'linked')
      union all
      select other_member_id, member_id from person_matches where status in ('open', 'linked')
    ), related(id) as (
      select ${memberId}::bigint
      union
      select e.b from edges e join related r on e.a = r.id
    )
    select id from related limit ${PERSON_ACCOUNTS_MAX}`;
}

/** A text for a LIKE pattern, its `%`, `_` and `\\` taken literally. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export class PersonRepository {
  /** The member and every account that counts as their person (above), the member first. */
  async relatedIds(db: Db, memberId: bigint): Promise<bigint[]> {
    const rows = (await relatedQuery(memberId).execute(db)).rows;
    return [memberId, ...rows.map((row) => BigInt(row.id)).filter((id) => id !== memberId)];
  }

  /** The accounts linked to the member as one person, the member included (open matches left out). */
  async linkedIds(db: Db, memberId: bigint): Promise<bigint[]> {
    const me = await db.selectFrom('members').select(['id', 'person_id']).where('id', '=', memberId).executeTakeFirst();
    if (!me?.person_id) return [memberId];
    const person = me.person_id;
    const rows = await db
      .selectFrom('members')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', person), eb('person_id', '=', person)]))
      .execute();
    return rows.map((row) => row.id);
  }

  /** The safer-play rows with a block (in force or not) of the member and every account of their person. */
  blockRows(db: Db, memberId: bigint): Promise<SaferPlayRow[]> {
    return db
      .selectFrom('safer_play')
      .selectAll()
      .where('block_kind', 'is not', null)
      .where(sql<boolean>`member_id in (${relatedQuery(memberId)})`)
      .execute();
  }

  /**
   * Accounts whose holder name without its title begins with the first word of `key` (the same name, spelt or cut
   * otherwise after it), or whose number is `number` at any bank: the ones the name rule then compares.
   */
  async candidates(db: Db, key: string, number: string): Promise<PersonAccount[]> {
    const firstWord = key.split(' ')[0] ?? key;
    const byName = db
      .selectFrom('members')
      .select(ACCOUNT_COLUMNS)
      .where((eb) =>
        eb.or([eb('holder_name_key', '=', firstWord), eb('holder_name_key', 'like', `${likeEscaped(firstWord)} %`)]),
      )
      .orderBy('id')
      .limit(CANDIDATES_MAX);
    const byNumber = db
      .selectFrom('members')
      .select(ACCOUNT_COLUMNS)
      .where(sql<string>`ltrim(bank_account_no, '0')`, '=', number)
      .orderBy('id')
      .limit(CANDIDATES_MAX);
    return [...(await byName.execute()), ...(await byNumber.execute())];
  }

  /**
   * Every account with a block on its row: their names are compared with every registration's, spellings and
   * Thai and Latin letters included, which no index can find.
   */
  blockedAccounts(db: Db): Promise<PersonAccount[]> {
    return db
      .selectFrom('members')
      .innerJoin('safer_play', 'safer_play.member_id', 'members.id')
      .select(ACCOUNT_COLUMNS.map((column) => `members.${column}` as const))
      .where('safer_play.block_kind', 'is not', null)
      .execute();
  }

  /** Every other account after `afterId`, in id order, `limit` at a time: a block's look at every name. */
  accountsAfter(db: Db, memberId: bigint, afterId: bigint, limit: number): Promise<PersonAccount[]> {
    return db
      .selectFrom('members')
      .select(ACCOUNT_COLUMNS)
      .where('id', '>', afterId)
      .where('id', '<>', memberId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  account(db: Db, memberId: bigint): Promise<PersonAccount | undefined> {
    return db.selectFrom('members').select(ACCOUNT_COLUMNS).where('id', '=', memberId).executeTakeFirst();
  }

  /**
   * Serialises the registrations of one holder name's first word (what `candidates` finds a name by, so two
   * spellings of one name see each other), and of one account number at any bank, until the transaction ends: two
   * registrations of one person at once make one member, or one possible match. The two locks are taken in one order.
   */
  async lockPerson(trx: Transaction<Database>, key: string, number: string): Promise<void> {
    const firstWord = key.split(' ')[0] ?? key;
    for (const lock of [`person-name:${firstWord}`, `person-number:${number}`].sort()) {
      await sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`.execute(trx);
    }
  }

  /** The pair's match, locked; `a` and `b` in either order. */
  findMatch(db: Db, a: bigint, b: bigint): Promise<PersonMatchRow | undefined> {
    const [high, low] = a > b ? [a, b] : [b, a];
    return db
      .selectFrom('person_matches')
      .selectAll()
      .where('member_id', '=', high)
      .where('other_member_id', '=', low)
      .forUpdate()
      .executeTakeFirst();
  }

  async saveMatch(
    db: Db,
    pair: { a: bigint; b: bigint; signals: PersonSignal[]; status: PersonMatchStatus; now: Date },
  ): Promise<PersonMatchRow> {
    const [high, low] = pair.a > pair.b ? [pair.a, pair.b] : [pair.b, pair.a];
    const decided = pair.status === 'open' ? null : pair.now;
    return db
      .insertInto('person_matches')
      .values({
        member_id: high,
        other_member_id: low,
        signals: pair.signals,
        status: pair.status,
        found_at: pair.now,
        decided_at: decided,
      })
      .onConflict((oc) =>
        oc.constraint('person_matches_pair_key').doUpdateSet({
          signals: pair.signals,
          status: pair.status,
          decided_at: decided,
          decided_by: null,
          note: null,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** More signals seen of a decided pair: its decision stays. */
  async widenMatch(db: Db, id: bigint, signals: PersonSignal[]): Promise<void> {
    await db.updateTable('person_matches').set({ signals }).where('id', '=', id).execute();
  }

  /** Makes the two accounts' persons one: every account of either names the first account of both. */
  async mergePersons(db: Db, a: bigint, b: bigint): Promise<void> {
    const rows = await db.selectFrom('members').select(['id', 'person_id']).where('id', 'in', [a, b]).execute();
    const persons = rows.map((row) => row.person_id ?? row.id);
    const first = persons.reduce((min, person) => (person < min ? person : min));
    await db
      .updateTable('members')
      .set({ person_id: first })
      .where((eb) => eb.or([eb('id', 'in', persons), eb('person_id', 'in', persons)]))
      .execute();
  }
}
