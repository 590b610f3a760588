import type { JobName } from '@member-wallet/contract/backoffice/dashboard';
import { type JobPass, type JobRunner, type PassRecorder, runPass } from './job-runner.ts';

/**
 * The periodic jobs as timers in this process: the embedded database's one node (and PostgreSQL's tests that
 * run passes themselves). A slow pass is never overlapped by the next; a failed one is retried at the next
 * interval. Once the node drains no new pass starts, and closing the app waits for a pass under way, so it ends
 * before the database closes.
 */
export class InProcessJobs implements JobRunner {
  readonly #recorder: PassRecorder;

  constructor(recorder: PassRecorder) {
    this.#recorder = recorder;
  }

  every(name: JobName, intervalMs: number, pass: JobPass): void {
    if (intervalMs <= 0) return;
    const { app, clock } = this.#recorder;
    let running: Promise<unknown> | null = null;
    app.jobStats.register(name, intervalMs);
    const timer = setInterval(() => {
      if (running) return;
      const startedAt = clock.now().getTime();
      running = runPass(this.#recorder, name, intervalMs, pass, () => new Date(startedAt + intervalMs)).finally(() => {
        running = null;
      });
    }, intervalMs);
    timer.unref();
    app.lifecycle.onDrain(() => clearInterval(timer));
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}
