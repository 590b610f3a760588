// One process of `bench/pglite-crash.mjs churn`: opens a database from the server's migrated test template, works
// in it (inserts and reads that call into the WebAssembly module and back to JavaScript many times), closes it and
// collects it, `cycles` times, as a worker of the server project does with its test apps one after the other.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

const cycles = Number(process.argv[2] ?? 30);
const template = new Blob([readFileSync(process.argv[3])]);

for (let cycle = 0; cycle < cycles; cycle += 1) {
  const pg = new PGlite({ loadDataDir: template });
  await pg.waitReady;
  for (let i = 0; i < 50; i += 1) {
    await pg.query(
      `insert into members (public_id, phone, password_hash, name, bank_code, bank_account_no, bank_account_name, currency)
       values ($1, $2, 'x', 'Churn', 'KBANK', $3, 'CHURN', 'BAHT')`,
      [`churn${i}`, `09${String(i).padStart(8, '0')}`, String(1_000_000_000 + i)],
    );
    await pg.query('select * from members where public_id = $1', [`churn${i}`]);
  }
  await pg.close();
  // Run with --expose-gc: the closed database's instance goes now, not at some later collection.
  globalThis.gc?.();
}
process.stdout.write(
  `churn: ${cycles} databases opened and closed; rss ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB\n`,
);
