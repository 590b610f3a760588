import type { Db } from '../../db/database.ts';

export const ANY_LOCALE = '*';

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async get(key: string, locale: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('site_settings')
      .select('value')
      .where('key', '=', key)
      .where('locale', '=', locale)
      .executeTakeFirst();
    return row?.value;
  }

  async put(key: string, locale: string, value: unknown, now: Date): Promise<void> {
    const json = JSON.stringify(value);
    await this.db
      .insertInto('site_settings')
      .values({ key, locale, value: json, updated_at: now })
      .onConflict((conflict) => conflict.columns(['key', 'locale']).doUpdateSet({ value: json, updated_at: now }))
      .execute();
  }
}
