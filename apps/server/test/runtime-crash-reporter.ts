// A Vitest reporter that says so when a test worker process died under a test file: the runtime (Node, V8: a
// failed CHECK, a segfault) or a signal ended the process, not a test's assertion. Vitest itself answers such a run
// with "[vitest-pool]: Worker forks emitted error ... Worker exited unexpectedly" and names no file; this names the
// files that had started and never ended, and the ones that never ran. The run still fails: nothing is retried,
// so a real failure cannot hide behind a second try (docs/ci.md, docs/decisions/0033).
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** What Vitest's pool says of a worker process that ended under it. */
const WORKER_DIED = /Worker exited unexpectedly|Worker \w+ emitted error/;

export default class RuntimeCrashReporter implements Reporter {
  readonly #running = new Map<string, TestModule>();
  readonly #queued = new Map<string, TestModule>();

  onTestModuleQueued(testModule: TestModule) {
    this.#queued.set(testModule.id, testModule);
  }

  onTestModuleStart(testModule: TestModule) {
    this.#queued.delete(testModule.id);
    this.#running.set(testModule.id, testModule);
  }

  onTestModuleEnd(testModule: TestModule) {
    this.#queued.delete(testModule.id);
    this.#running.delete(testModule.id);
  }

  onTestRunEnd(_testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    const died = unhandledErrors.filter((error) => WORKER_DIED.test(describe(error)));
    if (died.length === 0) return;
    const name = (testModule: TestModule) => `${testModule.project.name || '(root)'}: ${testModule.moduleId}`;
    const running = [...this.#running.values()].map(name);
    const neverRan = [...this.#queued.values()].map(name);
    process.stderr.write(
      [
        '',
        `== The test runtime died, not a test: ${died.length} test worker process${died.length === 1 ? '' : 'es'} ended in the middle of a file`,
        '   (a V8 fatal error or a signal; any "# Fatal error" or "Check failed" above is its last word). The run fails; nothing is retried.',
        `   Running when it died: ${running.length ? running.join(', ') : '(no file had started)'}`,
        ...(neverRan.length ? [`   Never ran (${neverRan.length}): ${neverRan.join(', ')}`] : []),
        '   What to do: docs/ci.md, "A test worker died".',
        '',
      ].join('\n'),
    );
  }
}

function describe(error: SerializedError): string {
  const cause = (error as { cause?: SerializedError }).cause;
  return `${error.message ?? ''} ${error.stack ?? ''} ${cause ? describe(cause) : ''}`;
}
