import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import './lifecycle.ts';

export interface ShutdownTimes {
  /** How long readiness answers 503 while the node still serves, so the load balancer takes it out first. */
  delayMs: number;
  /** How long requests under way (uploads included) may still run once the node stops listening. */
  graceMs: number;
}

/**
 * A node's exit (docs/operations.md, Roll-outs): it drains at once (readiness 503, periodic jobs take no new
 * work), keeps serving for `delayMs`, then stops listening and lets what is under way finish. `closed` when
 * everything ended and the app closed within `graceMs`; `grace-exceeded` when something still ran then, and the
 * caller exits anyway.
 */
export async function shutDown(app: FastifyInstance, times: ShutdownTimes): Promise<'closed' | 'grace-exceeded'> {
  await app.lifecycle.drain();
  await sleep(times.delayMs);
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<'grace-exceeded'>((resolve) => {
    timer = setTimeout(() => resolve('grace-exceeded'), times.graceMs);
  });
  try {
    return await Promise.race([app.close().then(() => 'closed' as const), grace]);
  } finally {
    clearTimeout(timer);
  }
}
