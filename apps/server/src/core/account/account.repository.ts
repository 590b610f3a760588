import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MembersTable } from '../../db/tables/accounts.table.ts';

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;

export interface MemberProfileRow extends Member {
  bank_name_th: string;
  bank_name_en: string;
  bank_name_lo: string;
}

/** Which unique rule a failed insert broke, read from the database error (PostgreSQL and PGlite alike). */
export function uniqueViolation(error: unknown): 'phone' | 'bank' | 'public_id' | null {
  const failure = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (failure?.code !== '23505') return null;
  const where = `${String(failure.constraint ?? '')} ${String(failure.message ?? '')}`;
  if (where.includes('members_phone_key')) return 'phone';
  if (where.includes('members_bank_account_key')) return 'bank';
  if (where.includes('members_public_id_key')) return 'public_id';
  return null;
}

export class AccountRepository {
  constructor(private readonly db: Db) {}

  findByPhone(phone: string): Promise<Member | undefined> {
    return this.db.selectFrom('members').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  findByPublicId(publicId: string): Promise<Member | undefined> {
    return this.db.selectFrom('members').selectAll().where('public_id', '=', publicId).executeTakeFirst();
  }

  findById(id: bigint): Promise<Member | undefined> {
    return this.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findProfile(id: bigint): Promise<MemberProfileRow | undefined> {
    return this.db
      .selectFrom('members')
      .innerJoin('banks', 'banks.code', 'members.bank_code')
      .selectAll('members')
      .select(['banks.name_th as bank_name_th', 'banks.name_en as bank_name_en', 'banks.name_lo as bank_name_lo'])
      .where('members.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Whether a member holds the account: the same bank and the same number but for zeros before it, so a number
   * stored before each bank's length was checked (`0` + the number) is found too (migration 0040's index).
   */
  async bankAccountTaken(bankCode: string, bankAccountNo: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('members')
      .select('id')
      .where('bank_code', '=', bankCode)
      .where(sql<string>`ltrim(bank_account_no, '0')`, '=', bankAccountNo.replace(/^0+/, ''))
      .executeTakeFirst();
    return row !== undefined;
  }

  async countMembers(): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insert(db: Db, member: NewMember): Promise<Member> {
    return db.insertInto('members').values(member).returningAll().executeTakeFirstOrThrow();
  }

  async update(
    id: bigint,
    changes: Partial<Pick<Member, 'name' | 'bank_account_name' | 'password_hash' | 'status'>>,
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('members')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
}
