import type { Selectable } from 'kysely';
import type { Database, Db } from '../../db/database.ts';

/** A bank as stored (the table's shape lives only in the Database type). */
export type BankRow = Selectable<Database['banks']>;

export class LookupRepository {
  constructor(private readonly db: Db) {}

  listActiveBanks(countries: readonly string[]): Promise<BankRow[]> {
    return this.db
      .selectFrom('banks')
      .selectAll()
      .where('active', '=', true)
      .where('country', 'in', countries)
      .orderBy('sort_order')
      .orderBy('code')
      .execute();
  }

  findBank(code: string): Promise<BankRow | undefined> {
    return this.db.selectFrom('banks').selectAll().where('code', '=', code).executeTakeFirst();
  }

  listActiveSources(): Promise<{ code: string; description: Record<string, string> }[]> {
    return this.db
      .selectFrom('sources')
      .select(['code', 'description'])
      .where('active', '=', true)
      .orderBy('sort_order')
      .execute();
  }

  async sourceIsActive(code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sources')
      .select('code')
      .where('code', '=', code)
      .where('active', '=', true)
      .executeTakeFirst();
    return row !== undefined;
  }
}
