import type { Db } from '../../db/database.ts';

export const ANY_LOCALE = '*';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  /** `db`: a transaction to read in, for a change and its audit line (the back-office); else the pool. */
  async get(key: string, locale: string, db: Db = this.db): Promise<unknown> {
    const row = await db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', key)
      .where('locale', '=', locale)
      .executeTakeFirst();
    return row?.value;
  }

  async put(key: string, locale: string, value: unknown, now: Date, db: Db = this.db): Promise<void> {
    const json = JSON.stringify(value);
    await db
      .insertInto('site_settings')
      .values({ key, locale, value: json, updated_at: now })
      .onConflict((conflict) => conflict.columns(['key', 'locale']).doUpdateSet({ value: json, updated_at: now }))
      .execute();
  }
}
