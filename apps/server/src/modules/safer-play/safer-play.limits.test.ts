import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LimitRow } from '../../core/safer-play/safer-play.repository.ts';
import { HOUR_MS } from '../../lib/clock.ts';
import { COOLING_OFF_MS, changeLimit, type LimitState, stateOf } from './safer-play.limits.ts';

/** The cooling-off rule (docs/safer-play.md, Limits) over random sequences of asks and waits. */

function row(state: LimitState): LimitRow {
  return {
    member_id: 1n,
    kind: 'deposit',
    period: 'day',
    amount_minor: state.amount,
    pending_amount_minor: state.pending?.amount ?? null,
    pending_from: state.pending?.from ?? null,
    updated_at: new Date(0),
  };
}

const ask = fc.record({
  waitMs: fc.integer({ min: 0, max: 30 * HOUR_MS }),
  wanted: fc.option(
    fc.bigInt({ min: 1n, max: 5n }).map((value) => value * 1000n),
    { nil: null },
  ),
});

/** "No limit" ranks above every amount. */
const rank = (amount: bigint | null) => (amount === null ? Number.POSITIVE_INFINITY : Number(amount));

describe('the cooling-off of a limit', () => {
  it('lowers at once, and never lets the limit in force rise but 24 hours after the ask for that amount', () => {
    fc.assert(
      fc.property(fc.array(ask, { maxLength: 30 }), (asks) => {
        let now = 0;
        let stored = row({ amount: null, pending: null });
        const asked: { at: number; wanted: bigint | null }[] = [];
        let before = stateOf(stored, new Date(now)).amount;
        for (const { waitMs, wanted } of asks) {
          // A rise during the wait happens at one instant, exactly 24 hours after an ask for that amount.
          const end = now + waitMs;
          const amount = stateOf(stored, new Date(end)).amount;
          if (rank(amount) > rank(before)) {
            const from = stored.pending_from?.getTime() ?? Number.NaN;
            expect(from > now && from <= end).toBe(true);
            expect(stateOf(stored, new Date(from - 1)).amount).toBe(before);
            expect(asked.some((item) => item.wanted === amount && item.at + COOLING_OFF_MS === from)).toBe(true);
          } else {
            expect(rank(amount)).toBe(rank(before));
          }
          now += waitMs;
          const current = stateOf(stored, new Date(now));
          const after = changeLimit(current, wanted, new Date(now));
          asked.push({ at: now, wanted });
          if (rank(wanted) <= rank(current.amount)) expect(after).toEqual({ amount: wanted, pending: null });
          else expect(after.amount).toBe(current.amount);
          stored = row(after);
          before = stateOf(stored, new Date(now)).amount;
        }
      }),
    );
  });
});
