import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const VITEST = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const REPORTER = fileURLToPath(new URL('./runtime-crash-reporter.ts', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Runs Vitest with the reporter on a folder of the given test files; answers its exit code and output. */
function runVitest(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'mw-runtime-crash-'));
  folders.push(root);
  for (const [name, source] of Object.entries(files)) writeFileSync(join(root, name), source);
  const run = spawnSync(
    process.execPath,
    [VITEST, 'run', '--root', root, '--globals', '--maxWorkers=1', '--reporter=default', `--reporter=${REPORTER}`],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1' } },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the runtime-crash reporter', () => {
  it('names the file whose worker process died, and the run fails', () => {
    const { status, output } = runVitest({
      'passes.test.js': "it('passes', () => expect(1).toBe(1));",
      // As V8's fatal error does: the process aborts under a test, with nothing to catch.
      'aborts.test.js': "it('aborts', () => { process.abort(); });",
    });
    expect(status).not.toBe(0);
    expect(output).toContain(
      '== The test runtime died, not a test: 1 test worker process ended in the middle of a file',
    );
    const running = output.match(/Running when it died: (.*)/)?.[1];
    expect(running).toContain('aborts.test.js');
    expect(running).not.toContain('passes.test.js');
  });

  it('says nothing of the runtime when a test fails in the ordinary way', () => {
    const { status, output } = runVitest({ 'fails.test.js': "it('fails', () => expect(1).toBe(2));" });
    expect(status).toBe(1);
    expect(output).toContain('fails.test.js');
    expect(output).not.toContain('The test runtime died');
  });
});

describe('the server project’s workers', () => {
  it('run without wasm code GC, the path of Node 24’s double free, unless told to keep it (docs/decisions/0033)', () => {
    // bench/pglite-crash.mjs --wasm-code-gc measures the abort rate as it was, with TEST_WASM_CODE_GC=1.
    const keepCodeGc = process.env.TEST_WASM_CODE_GC === '1';
    expect(process.execArgv.includes('--no-wasm-code-gc')).toBe(!keepCodeGc);
  });
});
