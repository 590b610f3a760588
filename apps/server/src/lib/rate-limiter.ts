import { Redis } from 'ioredis';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

/**
 * Fixed-window counters. In memory for one node; in Redis when several nodes must share the counts. A window
 * starts at a key's first hit and lasts `windowMs`.
 */
export interface RateLimiter {
  /** The current count of a key's window (0 when none is open). */
  count(key: string): Promise<number>;
  /** Adds one to the key's window, opening it when none is open; returns the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  /** Takes one back from an open window (never below zero, never opening one). */
  decrement(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly clock: Clock) {}

  async count(key: string): Promise<number> {
    return this.#openWindow(key)?.count ?? 0;
  }

  // Read and write happen with no await between them, so parallel requests cannot read the same count.
  async increment(key: string, windowMs: number): Promise<number> {
    const window = this.#openWindow(key) ?? { count: 0, endsAt: this.clock.now().getTime() + windowMs };
    window.count += 1;
    this.#windows.set(key, window);
    this.#sweep();
    return window.count;
  }

  async decrement(key: string): Promise<void> {
    const window = this.#openWindow(key);
    if (window && window.count > 0) window.count -= 1;
  }

  #openWindow(key: string): { count: number; endsAt: number } | undefined {
    const window = this.#windows.get(key);
    if (window && window.endsAt <= this.clock.now().getTime()) {
      this.#windows.delete(key);
      return undefined;
    }
    return window;
  }

  async close(): Promise<void> {
    this.#windows.clear();
  }

  /** Keeps the map bounded: expired windows go once it grows past a limit. */
  #sweep(): void {
    if (this.#windows.size < 10_000) return;
    const now = this.clock.now().getTime();
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }
}

const DECREMENT_OPEN_WINDOW = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

export class RedisRateLimiter implements RateLimiter {
  readonly #redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
  ) {
    this.#redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false, enableOfflineQueue: true });
  }

  async count(key: string): Promise<number> {
    return Number((await this.#redis.get(this.prefix + key)) ?? 0);
  }

  async increment(key: string, windowMs: number): Promise<number> {
    const fullKey = this.prefix + key;
    // SET NX opens the window with its expiry only when none is open; INCR keeps that expiry.
    const results = (await this.#redis.multi().set(fullKey, 0, 'PX', windowMs, 'NX').incr(fullKey).exec()) ?? [];
    const failure = results.find(([error]) => error)?.[0];
    if (failure) throw failure;
    return Number(results[1]?.[1]);
  }

  async decrement(key: string): Promise<void> {
    // A plain DECR of an expired key would create one at -1 with no expiry, so only an open window is touched.
    await this.#redis.eval(DECREMENT_OPEN_WINDOW, 1, this.prefix + key);
  }

  async close(): Promise<void> {
    await this.#redis.quit();
  }
}

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
  code: 'REQUEST_LIMIT' | 'REQUEST_LIMIT_1MIN' | 'OTP_BLOCK';
}

/**
 * Takes one hit from every limit before the work it guards, and throws 429 with the first limit (in the given
 * order) that is now over its maximum. Each increment is atomic, so parallel requests cannot all pass a check
 * made before any of them is counted.
 */
export async function takeHits(limiter: RateLimiter, limits: readonly Limit[]): Promise<void> {
  const counts = await Promise.all(limits.map((limit) => limiter.increment(limit.key, limit.windowMs)));
  const over = limits.find((limit, index) => (counts[index] ?? 0) > limit.max);
  if (over) throw new AppError(over.code, 429);
}

/** Gives back the hits of an attempt that is not to count (a login with the right password). */
export async function returnHits(limiter: RateLimiter, limits: readonly Limit[]): Promise<void> {
  await Promise.all(limits.map((limit) => limiter.decrement(limit.key)));
}
