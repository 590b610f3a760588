import type { Db } from '../../db/database.ts';
import type { SharedKeys } from '../../lib/device-cookie.ts';

/** The keys every node shares (`auth_keys`, migration 0024): made by the first node that asks, read by all. */
export class AuthKeysRepository implements SharedKeys {
  constructor(private readonly db: Db) {}

  async ensureKey(name: string, fresh: () => string): Promise<string> {
    await this.db
      .insertInto('auth_keys')
      .values({ name, value: fresh() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('auth_keys')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.value;
  }
}
