import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../clock.ts';
import { JobStats } from '../job-stats.ts';
import { Lifecycle } from '../lifecycle.ts';
import { InProcessJobs } from './in-process-jobs.ts';

function bareApp() {
  const app = Fastify();
  app.decorate('lifecycle', new Lifecycle());
  app.decorate('jobStats', new JobStats());
  app.decorate('jobs', new InProcessJobs({ app, clock: systemClock, runs: null }));
  return app;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('InProcessJobs', () => {
  it('runs a pass every interval, never two at once, and takes no new pass once the node drains', async () => {
    vi.useFakeTimers();
    const app = bareApp();
    let passes = 0;
    let release: (() => void) | undefined;
    app.jobs.every('qr-settler', 100, async () => {
      passes += 1;
      if (passes === 3) await new Promise<void>((resolve) => (release = resolve));
    });
    await vi.advanceTimersByTimeAsync(350);
    expect(passes).toBe(3);
    // The third pass is slow: the ticks while it runs start nothing.
    await vi.advanceTimersByTimeAsync(500);
    expect(passes).toBe(3);

    await app.lifecycle.drain();
    release?.();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(3);
    await app.close();
  });

  it('lets a pass under way at the drain finish before the app closes', async () => {
    vi.useFakeTimers();
    const app = bareApp();
    let finished = false;
    let release: (() => void) | undefined;
    app.jobs.every('qr-settler', 100, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
    });
    await vi.advanceTimersByTimeAsync(100);
    await app.lifecycle.drain();
    const closed = app.close();
    await vi.advanceTimersByTimeAsync(10);
    expect(finished).toBe(false);
    release?.();
    await closed;
    expect(finished).toBe(true);
  });

  it('logs a failed pass and runs the next as usual', async () => {
    vi.useFakeTimers();
    const app = bareApp();
    const error = vi.spyOn(app.log, 'error').mockImplementation(() => undefined);
    let passes = 0;
    app.jobs.every('qr-settler', 100, async () => {
      passes += 1;
      if (passes === 1) throw new Error('party down');
    });
    await vi.advanceTimersByTimeAsync(250);
    expect(passes).toBe(2);
    expect(error).toHaveBeenCalledOnce();
    expect(app.jobStats.all()).toEqual([
      expect.objectContaining({ name: 'qr-settler', intervalMs: 100, ok: 1, failed: 1, lastDurationMs: 0 }),
    ]);
    expect(error.mock.calls[0]?.[1]).toBe('qr-settler pass failed');
    await app.close();
  });
});
