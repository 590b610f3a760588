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
  /**
   * Back-off of failed attempts (docs/decisions/0015): when the key's failures allow an attempt at `nowMs` under
   * `policy`, counts it as a failure (at `nowMs`) and answers the time of the failure before it, to give back
   * with; else answers how long to wait, and changes nothing. Atomic per key. Time is the caller's clock.
   */
  takeBackoff(key: string, policy: BackoffPolicy, nowMs: number): Promise<BackoffTake>;
  /** Undoes a `takeBackoff` made at `takenAtMs` (a success, or an attempt another key refused). */
  giveBackBackoff(key: string, takenAtMs: number, previousMs: number): Promise<void>;
  /** Forgets a key's failures (a success where they were counted). */
  clearBackoff(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Failures past `free` make the next attempt wait: `baseDelayMs` after the first of them, doubling with each
 * further failure, at most `maxDelayMs`. A key with no failure for `forgetAfterMs` starts afresh.
 */
export interface BackoffPolicy {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

export type BackoffTake = { allowed: true; previousMs: number } | { allowed: false; waitMs: number };

/** How long after its last failure a key with `failures` failures must wait. */
export function backoffWaitMs(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (failures - policy.free), policy.maxDelayMs);
}

interface BackoffState {
  failures: number;
  lastMs: number;
}

export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  readonly #backoffs = new Map<string, BackoffState>();

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

  // As for windows, each read and write of a key happens with no await between them.
  async takeBackoff(key: string, policy: BackoffPolicy, nowMs: number): Promise<BackoffTake> {
    const state = this.#backoffs.get(key);
    const failures = state && state.lastMs + policy.forgetAfterMs > nowMs ? state.failures : 0;
    const previousMs = state?.lastMs ?? 0;
    const waitMs = previousMs + backoffWaitMs(policy, failures) - nowMs;
    if (failures > 0 && waitMs > 0) return { allowed: false, waitMs };
    this.#backoffs.set(key, { failures: failures + 1, lastMs: nowMs });
    this.#sweepBackoffs(nowMs, policy);
    return { allowed: true, previousMs };
  }

  async giveBackBackoff(key: string, takenAtMs: number, previousMs: number): Promise<void> {
    const state = this.#backoffs.get(key);
    if (!state || state.failures <= 0) return;
    state.failures -= 1;
    if (state.lastMs === takenAtMs) state.lastMs = previousMs;
  }

  async clearBackoff(key: string): Promise<void> {
    this.#backoffs.delete(key);
  }

  async close(): Promise<void> {
    this.#windows.clear();
    this.#backoffs.clear();
  }

  /** Keys quiet for longer than any policy remembers go once the map grows past a limit. */
  #sweepBackoffs(nowMs: number, policy: BackoffPolicy): void {
    if (this.#backoffs.size < 10_000) return;
    for (const [key, state] of this.#backoffs) {
      if (state.lastMs + policy.forgetAfterMs + policy.maxDelayMs <= nowMs) this.#backoffs.delete(key);
    }
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

// A hash {f: failures, l: time of the last failure}, times from the caller's clock; the key's own expiry only
// clears away keys no policy remembers any more.
const TAKE_BACKOFF = `
local now = tonumber(ARGV[1])
local free, base, max, forget = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local f = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
local l = tonumber(redis.call('HGET', KEYS[1], 'l') or '0')
if l + forget <= now then f = 0 end
if f > 0 and f >= free then
  local wait = math.min(base * 2 ^ (f - free), max)
  if l + wait > now then return {0, tostring(l + wait - now)} end
end
redis.call('HSET', KEYS[1], 'f', f + 1, 'l', ARGV[1])
redis.call('PEXPIRE', KEYS[1], forget + max)
return {1, tostring(l)}`;

const GIVE_BACK_BACKOFF = `
local f = tonumber(redis.call('HGET', KEYS[1], 'f') or '0')
if f <= 0 then return 0 end
redis.call('HSET', KEYS[1], 'f', f - 1)
if redis.call('HGET', KEYS[1], 'l') == ARGV[1] then redis.call('HSET', KEYS[1], 'l', ARGV[2]) end
return 1`;

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

  async takeBackoff(key: string, policy: BackoffPolicy, nowMs: number): Promise<BackoffTake> {
    const [allowed, value] = (await this.#redis.eval(
      TAKE_BACKOFF,
      1,
      this.prefix + key,
      nowMs,
      policy.free,
      policy.baseDelayMs,
      policy.maxDelayMs,
      policy.forgetAfterMs,
    )) as [number, string];
    return allowed === 1 ? { allowed: true, previousMs: Number(value) } : { allowed: false, waitMs: Number(value) };
  }

  async giveBackBackoff(key: string, takenAtMs: number, previousMs: number): Promise<void> {
    await this.#redis.eval(GIVE_BACK_BACKOFF, 1, this.prefix + key, String(takenAtMs), String(previousMs));
  }

  async clearBackoff(key: string): Promise<void> {
    await this.#redis.del(this.prefix + key);
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
  if (over) throw new AppError(over.code);
}

/**
 * As `takeHits`, but a refused attempt gives back the hits it took, so refusals neither count nor extend a
 * limit: traffic already answered 429 cannot push another key (the same phone's hourly limit) over its maximum.
 */
export async function takeHitsUnlessRefused(limiter: RateLimiter, limits: readonly Limit[]): Promise<void> {
  try {
    await takeHits(limiter, limits);
  } catch (error) {
    await returnHits(limiter, limits);
    throw error;
  }
}

/** Gives back the hits of an attempt that is not to count (a login with the right password). */
export async function returnHits(limiter: RateLimiter, limits: readonly Limit[]): Promise<void> {
  await Promise.all(limits.map((limit) => limiter.decrement(limit.key)));
}
