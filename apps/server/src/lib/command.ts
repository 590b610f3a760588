import { type Config, ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/connect.ts';
import type { Db } from '../db/database.ts';
import { runtimeProblem } from './runtime.ts';

/**
 * Runs an operator command (`npm run ledger:check`, `npm run transfers:reconcile`) on the configured database
 * and exits with its code: what `work` answers (0 fine, 1 a finding), 2 when it could not run (a bad setting
 * is printed without a stack). The database is closed whatever happens.
 */
export function runCommand(name: string, work: (config: Config, db: Db) => Promise<number>): void {
  const main = async (): Promise<number> => {
    const problem = runtimeProblem(process.versions.node);
    if (problem) {
      console.error(problem);
      return 2;
    }
    let config: Config;
    try {
      config = loadConfig();
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        return 2;
      }
      throw error;
    }
    const db = createDatabase(config.database);
    try {
      return await work(config, db);
    } finally {
      await db.destroy();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`${name} could not run:`, error);
      process.exit(2);
    },
  );
}
