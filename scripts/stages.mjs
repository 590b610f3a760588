// Runs root npm scripts one after the other as the stages of a test run, stopping at the first that fails (as `&&`
// would), and prints how long each took. With STAGE_TIMES_FILE set, each stage's seconds are appended to that file
// too, so `.ci/run` can add its own stages and print the whole run's table at the end (docs/ci.md has the budget).
//
//   node scripts/stages.mjs lint typecheck test:unit      runs `npm run lint`, then `npm run typecheck`, ...
//   node scripts/stages.mjs --table <file>                prints the table of a STAGE_TIMES_FILE
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';

function print(rows) {
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0);
  const width = Math.max(5, ...rows.map(([name]) => name.length));
  const line = (name, seconds) =>
    `${name.padEnd(width)}  ${String(Math.round(seconds)).padStart(5)} s  ${(seconds / 60).toFixed(1).padStart(5)} min`;
  process.stdout.write(
    `\n== stage times\n${rows.map(([name, seconds]) => line(name, seconds)).join('\n')}\n${line('total', total)}\n`,
  );
}

const args = process.argv.slice(2);
if (args[0] === '--table') {
  const rows = readFileSync(args[1], 'utf8')
    .split('\n')
    .filter((row) => row.trim() !== '')
    .map((row) => {
      const [name, seconds] = row.split(/\s+/);
      return [name, Number(seconds)];
    });
  print(rows);
  process.exit(0);
}

const rows = [];
let status = 0;
for (const stage of args) {
  const started = performance.now();
  const run = spawnSync('npm', ['run', stage], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  rows.push([stage, seconds]);
  if (process.env.STAGE_TIMES_FILE) appendFileSync(process.env.STAGE_TIMES_FILE, `${stage} ${seconds.toFixed(1)}\n`);
  status = run.status ?? 1;
  if (status !== 0) break;
}
// Under .ci/run the whole table comes at the end of the run; alone, it comes here.
if (!process.env.STAGE_TIMES_FILE) print(rows);
process.exit(status);
