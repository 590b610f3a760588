// How often V8 aborts a process that opens and closes many PGlite databases (issue 38, docs/decisions/0033).
//
//   node bench/pglite-crash.mjs churn --processes 40 --cycles 30            the focused reproduction, Node's defaults
//   node bench/pglite-crash.mjs churn --processes 40 --node-flags=--no-wasm-code-gc     ... with a V8 flag
//   node bench/pglite-crash.mjs suite --runs 20                               the server project on PGlite, 20 times in a row
//   node bench/pglite-crash.mjs suite --runs 20 --wasm-code-gc                ... with V8's wasm code GC back on (as before 0033)
//
// churn: N processes (two at a time, one per core), each opening a database from the server's migrated test
// template, working in it and closing it, `--cycles` times, collecting the closed one's instance at once.
// suite: `vitest run --project server` again and again; a run whose worker died says which file it was running
// (apps/server/test/runtime-crash-reporter.ts). Both print every process or run and the count of
// V8 aborts at the end. Run on the project's Node (`npm exec -- node bench/pglite-crash.mjs ...`); nothing else
// may run beside it if the times are to mean anything.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { log, ROOT } from './support.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    processes: { type: 'string', default: '40' },
    cycles: { type: 'string', default: '30' },
    runs: { type: 'string', default: '20' },
    parallel: { type: 'string', default: '2' },
    'node-flags': { type: 'string', default: '' },
    'wasm-code-gc': { type: 'boolean', default: false },
  },
});
const mode = positionals[0] ?? 'churn';
const nodeFlags = values['node-flags'].split(/\s+/).filter(Boolean);

/** A V8 abort as Node prints it (a failed CHECK); a process ended by a signal counts as one too (below). */
const V8_FATAL = /# Fatal error in|Check failed:/;

/** Runs a command to its end, answering its exit code or signal, its output and its time; `unset` leaves those variables out. */
function run(command, args, env = {}, unset = []) {
  return new Promise((resolve) => {
    const started = performance.now();
    const environment = { ...process.env, ...env };
    for (const name of unset) delete environment[name];
    const child = spawn(command, args, {
      cwd: ROOT,
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code, signal) =>
      resolve({ code, signal, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

/** The newest migrated PGlite template the server's tests left in the temp folder (test/helpers.ts). */
function template() {
  const found = readdirSync(tmpdir())
    .filter((name) => /^mw-pglite-template-[0-9a-f]+\.tar$/.test(name))
    .map((name) => join(tmpdir(), name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!found) throw new Error('no PGlite test template in the temp folder: run any server test once first');
  return found;
}

async function churn() {
  const total = Number(values.processes);
  const child = ['bench/pglite/churn-child.mjs', values.cycles, template()];
  log(`churn: ${total} processes x ${values.cycles} databases, node flags: ${nodeFlags.join(' ') || '(none)'}`);
  let next = 0;
  const results = [];
  const worker = async () => {
    while (next < total) {
      const index = next++;
      const result = await run(process.execPath, ['--expose-gc', ...nodeFlags, ...child]);
      const aborted = V8_FATAL.test(result.output) || result.signal !== null;
      results.push({ ...result, aborted });
      const check = result.output.match(/Check failed: [^\n]*/)?.[0] ?? '';
      const rss = result.output.match(/rss (\d+ MiB)/)?.[1];
      const outcome = aborted
        ? `V8 ABORT (${result.signal ?? `exit ${result.code}`}) ${check}`
        : result.code === 0
          ? `ok, rss at the end ${rss}`
          : `FAILED exit ${result.code}`;
      log(`  process ${index + 1}: ${outcome} in ${result.seconds.toFixed(1)} s`);
      if (!aborted && result.code !== 0) log(result.output.slice(-2000));
    }
  };
  await Promise.all(Array.from({ length: Number(values.parallel) }, worker));
  const aborted = results.filter((result) => result.aborted).length;
  log(
    `churn: ${aborted} of ${results.length} processes aborted by V8 (${((100 * aborted) / results.length).toFixed(1)}%), node flags: ${nodeFlags.join(' ') || '(none)'}`,
  );
}

async function suite() {
  const total = Number(values.runs);
  const codeGc = values['wasm-code-gc'];
  log(
    `suite: the server project on PGlite, ${total} runs in a row, wasm code GC ${codeGc ? 'on' : 'off (the default)'}`,
  );
  let crashed = 0;
  let failed = 0;
  for (let index = 0; index < total; index += 1) {
    const result = await run(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server'],
      // apps/server/vitest.config.ts turns the code GC off in its workers unless told to leave it on.
      { NO_COLOR: '1', ...(codeGc ? { TEST_WASM_CODE_GC: '1' } : {}) },
      // On PGlite: a PostgreSQL or Redis of the environment would take the suites there.
      ['DATABASE_URL', 'REDIS_URL'],
    );
    // The runtime-crash reporter's banner is what says a worker died; V8's own words count as well.
    const died = result.output.match(/== The test runtime died[^\n]*\n[^\n]*/)?.[0] ?? '';
    const aborted = died !== '' || V8_FATAL.test(result.output);
    const summary = result.output.match(/Test Files .*\n.*Tests .*/)?.[0]?.replace(/\s+/g, ' ') ?? '';
    if (aborted) crashed += 1;
    else if (result.code !== 0) failed += 1;
    log(
      `  run ${index + 1}: ${aborted ? 'V8 ABORT' : result.code === 0 ? 'ok' : `FAILED exit ${result.code}`} in ${(result.seconds / 60).toFixed(1)} min ${summary}${died ? `\n    ${died}` : ''}`,
    );
    if (!aborted && result.code !== 0) log(result.output.slice(-3000));
  }
  log(
    `suite: ${crashed} of ${total} runs had a worker aborted by V8, ${failed} failed otherwise (wasm code GC ${codeGc ? 'on' : 'off'})`,
  );
}

await (mode === 'suite' ? suite() : churn());
