// The adversary property test (apps/server/test/adversary.property.test.ts) at length: thousands of random
// abuser sequences against PostgreSQL, beyond the 500 CI runs. Prints the runs, the time and the rate; a failure
// prints fast-check's counterexample and its seed (replay it with --seed).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { log } from './support.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5000' },
    seed: { type: 'string' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});

const root = fileURLToPath(new URL('..', import.meta.url));
const env = {
  ...process.env,
  ADVERSARY_RUNS: values.runs,
  DATABASE_URL: values['database-url'],
  REDIS_URL: values['redis-url'],
  ...(values.seed === undefined ? {} : { ADVERSARY_SEED: values.seed }),
};
const started = performance.now();
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'test/adversary.property.test.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const seconds = (performance.now() - started) / 1000;
log(
  `adversary: ${values.runs} sequences, ${seconds.toFixed(0)} s, ${(Number(values.runs) / seconds).toFixed(1)} sequences/s, ` +
    (run.status === 0 ? 'all held' : 'FAILED (counterexample and seed above)'),
);
process.exit(run.status ?? 1);
