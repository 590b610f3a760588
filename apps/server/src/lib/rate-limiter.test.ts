import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FakeClock } from './clock.ts';
import { AppError } from './errors.ts';
import {
  MemoryRateLimiter,
  type RateLimiter,
  RedisRateLimiter,
  returnHits,
  takeHits,
  takeHitsUnlessRefused,
} from './rate-limiter.ts';

async function behavesAsFixedWindow(limiter: RateLimiter, wait: (ms: number) => Promise<void>) {
  const key = `k:${randomBytes(4).toString('hex')}`;
  expect(await limiter.count(key)).toBe(0);
  expect(await limiter.increment(key, 300)).toBe(1);
  expect(await limiter.increment(key, 300)).toBe(2);
  expect(await limiter.count(key)).toBe(2);
  const limit = { key, max: 2, windowMs: 300, code: 'REQUEST_LIMIT_1MIN' as const };
  await expect(takeHits(limiter, [limit])).rejects.toEqual(new AppError('REQUEST_LIMIT_1MIN'));
  await returnHits(limiter, [limit]);
  expect(await limiter.count(key)).toBe(2);
  await wait(400);
  expect(await limiter.count(key)).toBe(0);
  await returnHits(limiter, [limit]);
  expect(await limiter.count(key)).toBe(0);
  await expect(takeHits(limiter, [limit])).resolves.toBeUndefined();
  expect(await limiter.count(key)).toBe(1);
}

async function takesHitsAtomically(limiter: RateLimiter) {
  const limit = {
    key: `p:${randomBytes(4).toString('hex')}`,
    max: 5,
    windowMs: 10_000,
    code: 'REQUEST_LIMIT' as const,
  };
  const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => takeHits(limiter, [limit])));
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
}

const POLICY = { free: 2, baseDelayMs: 1000, maxDelayMs: 4000, forgetAfterMs: 60_000 };

/** Back-off on the caller's clock: `now` moves only as the test says, on Redis as in memory. */
async function backsOff(limiter: RateLimiter) {
  const key = `b:${randomBytes(4).toString('hex')}`;
  let now = 1_700_000_000_000;
  const take = () => limiter.takeBackoff(key, POLICY, now);
  expect(await take()).toEqual({ allowed: true, previousMs: 0 });
  expect(await take()).toEqual({ allowed: true, previousMs: now });
  expect(await take()).toEqual({ allowed: false, waitMs: 1000 });
  now += 999;
  expect(await take()).toEqual({ allowed: false, waitMs: 1 });
  now += 1;
  const third = await take();
  expect(third.allowed).toBe(true);
  expect(await take()).toEqual({ allowed: false, waitMs: 2000 });
  // A given-back attempt is as if it never was: the slot it took is free again.
  await limiter.giveBackBackoff(key, now, third.allowed ? third.previousMs : 0);
  expect((await take()).allowed).toBe(true);
  for (let step = 0; step < 4; step++) {
    now += 4000;
    expect((await take()).allowed).toBe(true);
  }
  expect(await take()).toEqual({ allowed: false, waitMs: 4000 });
  now += 60_000;
  expect((await take()).allowed).toBe(true);
  expect((await take()).allowed).toBe(true);
  await limiter.clearBackoff(key);
  expect(await take()).toEqual({ allowed: true, previousMs: 0 });
  const parallel = `p:${randomBytes(4).toString('hex')}`;
  const outcomes = await Promise.all(Array.from({ length: 10 }, () => limiter.takeBackoff(parallel, POLICY, now)));
  expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(2);
}

describe('rate limiter', () => {
  it('counts in fixed windows in memory, on the clock', async () => {
    const clock = new FakeClock();
    const limiter = new MemoryRateLimiter(clock);
    await behavesAsFixedWindow(limiter, async (ms) => clock.advance(ms));
    await takesHitsAtomically(limiter);
    await backsOff(limiter);
  });

  it('gives back the hits of a refused attempt when asked to', async () => {
    const limiter = new MemoryRateLimiter(new FakeClock());
    const minute = { key: 'm', max: 2, windowMs: 60_000, code: 'REQUEST_LIMIT_1MIN' as const };
    const hour = { key: 'h', max: 5, windowMs: 3_600_000, code: 'REQUEST_LIMIT' as const };
    for (let attempt = 0; attempt < 10; attempt++) await takeHitsUnlessRefused(limiter, [minute, hour]).catch(() => {});
    expect([await limiter.count('m'), await limiter.count('h')]).toEqual([2, 2]);
  });

  it('counts in fixed windows in Redis, under its own prefix', async () => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `mw-test:${randomBytes(4).toString('hex')}:`;
    const limiter = new RedisRateLimiter(url, prefix);
    const other = new RedisRateLimiter(url, `${prefix}other:`);
    try {
      await behavesAsFixedWindow(limiter, (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
      await takesHitsAtomically(limiter);
      await backsOff(limiter);
      await limiter.increment('shared', 10_000);
      expect(await other.count('shared')).toBe(0);
    } finally {
      await Promise.all([limiter.close(), other.close()]);
    }
  });
});
