import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FakeClock } from './clock.ts';
import { AppError } from './errors.ts';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter, returnHits, takeHits } from './rate-limiter.ts';

async function behavesAsFixedWindow(limiter: RateLimiter, wait: (ms: number) => Promise<void>) {
  const key = `k:${randomBytes(4).toString('hex')}`;
  expect(await limiter.count(key)).toBe(0);
  expect(await limiter.increment(key, 300)).toBe(1);
  expect(await limiter.increment(key, 300)).toBe(2);
  expect(await limiter.count(key)).toBe(2);
  const limit = { key, max: 2, windowMs: 300, code: 'REQUEST_LIMIT_1MIN' as const };
  await expect(takeHits(limiter, [limit])).rejects.toEqual(new AppError('REQUEST_LIMIT_1MIN', 429));
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

describe('rate limiter', () => {
  it('counts in fixed windows in memory, on the clock', async () => {
    const clock = new FakeClock();
    const limiter = new MemoryRateLimiter(clock);
    await behavesAsFixedWindow(limiter, async (ms) => clock.advance(ms));
    await takesHitsAtomically(limiter);
  });

  it('counts in fixed windows in Redis, under its own prefix', async () => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `mw-test:${randomBytes(4).toString('hex')}:`;
    const limiter = new RedisRateLimiter(url, prefix);
    const other = new RedisRateLimiter(url, `${prefix}other:`);
    try {
      await behavesAsFixedWindow(limiter, (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
      await takesHitsAtomically(limiter);
      await limiter.increment('shared', 10_000);
      expect(await other.count('shared')).toBe(0);
    } finally {
      await Promise.all([limiter.close(), other.close()]);
    }
  });
});
