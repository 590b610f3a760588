import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { InFlight } from './in-flight.ts';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('InFlight', () => {
  it("refuses a caller's request past the bound while the others run, and frees the place when one ends", async () => {
    const inFlight = new InFlight(2);
    const first = gate();
    const second = gate();
    const running = [inFlight.run('member:1', () => first.promise), inFlight.run('member:1', () => second.promise)];
    await expect(inFlight.run('member:1', async () => 'third')).rejects.toEqual(new AppError('REQUEST_LIMIT'));
    // Another caller is not held back.
    expect(await inFlight.run('member:2', async () => 'other')).toBe('other');
    first.open();
    await running[0];
    expect(await inFlight.run('member:1', async () => 'after')).toBe('after');
    second.open();
    await running[1];
    expect(inFlight.count('member:1')).toBe(0);
  });

  it('frees the place when the work fails', async () => {
    const inFlight = new InFlight(1);
    await expect(inFlight.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await inFlight.run('k', async () => 1)).toBe(1);
    expect(inFlight.count('k')).toBe(0);
  });
});
