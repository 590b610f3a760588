import { AppError } from './errors.ts';

/** How many uploads (slips and chat files together) one member, guest or operator may have in flight at once. */
export const UPLOADS_IN_FLIGHT_MAX = 2;

/**
 * Bounds how many requests of one caller run at once on this node: past `max`, 429 `REQUEST_LIMIT` before
 * anything is read. Uploads use it, so one member cannot hold many bodies in memory or queue many pictures in
 * front of everyone else's (picture.pool.ts). It counts per node, in memory: behind a load balancer a member
 * may have `max` in flight on each node, and the per-minute limits, kept in Redis, bound the total.
 */
export class InFlight {
  readonly #counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const count = this.#counts.get(key) ?? 0;
    if (count >= this.max) throw new AppError('REQUEST_LIMIT');
    this.#counts.set(key, count + 1);
    try {
      return await work();
    } finally {
      const left = (this.#counts.get(key) ?? 1) - 1;
      if (left > 0) this.#counts.set(key, left);
      else this.#counts.delete(key);
    }
  }

  /** How many of `key`'s requests are running (for tests). */
  count(key: string): number {
    return this.#counts.get(key) ?? 0;
  }
}
