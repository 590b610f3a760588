import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

/** A batcher whose runs wait for the test to let them end, recording what each run was given. */
function heldBatcher(options: { inFlight: number; max: number }) {
  const runs: number[][] = [];
  const ends: (() => void)[] = [];
  const batcher = new Batcher<number, string>({
    ...options,
    run: async (items) => {
      runs.push([...items]);
      await new Promise<void>((resolve) => ends.push(resolve));
      return items.map((item) =>
        item < 0
          ? { status: 'rejected', reason: new Error(`refused ${item}`) }
          : { status: 'fulfilled', value: `done ${item}` },
      );
    },
  });
  return { batcher, runs, endNext: () => ends.shift()?.() };
}

/** Lets every queued promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('runs a call alone at once while a slot is free, and groups the calls that arrive while every slot is busy', async () => {
    const { batcher, runs, endNext } = heldBatcher({ inFlight: 1, max: 10 });
    const first = batcher.submit(1);
    await settle();
    expect(runs).toEqual([[1]]);
    const waiting = [2, 3, 4].map((item) => batcher.submit(item));
    await settle();
    expect(runs).toEqual([[1]]);
    endNext();
    expect(await first).toBe('done 1');
    await settle();
    expect(runs).toEqual([[1], [2, 3, 4]]);
    endNext();
    expect(await Promise.all(waiting)).toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('keeps the arrival order, takes at most `max` calls a run and runs up to `inFlight` at once', async () => {
    const { batcher, runs, endNext } = heldBatcher({ inFlight: 2, max: 2 });
    const answers = [1, 2, 3, 4, 5, 6].map((item) => batcher.submit(item));
    await settle();
    // Two slots: the first two calls find one each; the rest wait for a slot.
    expect(runs).toEqual([[1], [2]]);
    endNext();
    await settle();
    expect(runs).toEqual([[1], [2], [3, 4]]);
    endNext();
    endNext();
    await settle();
    expect(runs).toEqual([[1], [2], [3, 4], [5, 6]]);
    endNext();
    expect(await Promise.all(answers)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5', 'done 6']);
  });

  it("gives each call its own outcome, and every call of a run that throws the run's error", async () => {
    const { batcher, endNext } = heldBatcher({ inFlight: 1, max: 10 });
    const blocker = batcher.submit(0);
    const mixed = [batcher.submit(1), batcher.submit(-2), batcher.submit(3)];
    endNext();
    await blocker;
    await settle();
    endNext();
    const outcomes = await Promise.allSettled(mixed);
    expect(
      outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : String(outcome.reason))),
    ).toEqual(['done 1', 'Error: refused -2', 'done 3']);

    const failing = new Batcher<number, number>({
      inFlight: 1,
      max: 10,
      run: async () => {
        throw new Error('database gone');
      },
    });
    const both = [failing.submit(1), failing.submit(2)];
    await expect(both[0]).rejects.toThrow('database gone');
    await expect(both[1]).rejects.toThrow('database gone');
    // The slot is free again after a failed run.
    await expect(failing.submit(3)).rejects.toThrow('database gone');
  });
});
