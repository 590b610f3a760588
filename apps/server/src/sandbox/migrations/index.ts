import { type Kysely, type Migration, Migrator } from 'kysely';
import { parties } from './0001_parties.ts';
import { transferSenderNames } from './0002_transfer_sender_names.ts';

/** The sandbox's own migrations, by name, kept apart from the app's (their own `sandbox_migration` table). */
const MIGRATIONS: Record<string, Migration> = {
  '0001_parties': parties,
  '0002_transfer_sender_names': transferSenderNames,
};

/**
 * Creates or brings up to date the sandbox parties' tables: run by the sandbox plugin as it mounts, so only a
 * database with SANDBOX on has them. After the app's migrations, whose 0030 removed the tables they once made.
 */
export async function migrateSandbox(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'sandbox_migration',
    migrationLockTableName: 'sandbox_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Sandbox migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
