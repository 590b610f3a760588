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
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly clock: Clock) {}

  async count(key: string): Promise<number> {
    const window = this.#windows.get(key);
    if (!window) return 0;
    if (window.endsAt <= this.clock.now().getTime()) {
      this.#windows.delete(key);
      return 0;
    }
    return window.count;
  }

  async increment(key: string, windowMs: number): Promise<number> {
    const current = await this.count(key);
    const window = this.#windows.get(key) ?? { count: 0, endsAt: this.clock.now().getTime() + windowMs };
    window.count = current + 1;
    this.#windows.set(key, window);
    this.#sweep();
    return window.count;
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

/** Throws 429 with the first limit whose window is already full. Checks only; counts nothing. */
export async function assertUnderLimits(limiter: RateLimiter, limits: readonly Limit[]): Promise<void> {
  for (const limit of limits) {
    if ((await limiter.count(limit.key)) >= limit.max) throw new AppError(limit.code, 429);
  }
}

export async function countHits(limiter: RateLimiter, limits: readonly Limit[]): Promise<void> {
  await Promise.all(limits.map((limit) => limiter.increment(limit.key, limit.windowMs)));
}
