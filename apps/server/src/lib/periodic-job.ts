import type { FastifyInstance } from 'fastify';
import './job-stats.ts';
import './lifecycle.ts';

/**
 * Runs `pass` every `intervalMs` in this process (not at all when 0): a slow pass is never overlapped by the
 * next one, a failed one is logged as `<name> pass failed` and the next runs as usual; every pass is counted in
 * `app.jobStats` (for /metrics). Once the node drains for its exit no new pass starts, and closing the app waits
 * for a pass under way, so it ends before the database closes. The jobs keep everything they need in the
 * database, so a restart loses nothing.
 */
export function startPeriodicJob(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  pass: () => Promise<unknown>,
): void {
  if (intervalMs <= 0) return;
  let running: Promise<void> | null = null;
  app.jobStats.register(name, intervalMs);
  const timer = setInterval(() => {
    if (running) return;
    const startedAt = Date.now();
    running = pass()
      .then(
        () => app.jobStats.record(name, 'ok', startedAt, Date.now()),
        (error: unknown) => {
          app.jobStats.record(name, 'failed', startedAt, Date.now());
          app.log.error({ err: error }, `${name} pass failed`);
        },
      )
      .finally(() => {
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
