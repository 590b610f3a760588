import type { FastifyInstance } from 'fastify';
import './lifecycle.ts';

/**
 * Runs `pass` every `intervalMs` in this process (not at all when 0): a slow pass is never overlapped by the
 * next one, a failed one is logged as `<name> pass failed` and the next runs as usual. Once the node drains for
 * its exit no new pass starts, and closing the app waits for a pass under way, so it ends before the database
 * closes. The jobs keep everything they need in the
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
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, `${name} pass failed`),
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
