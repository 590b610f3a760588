import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember, startTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { LedgerRepository } from '../../core/ledger/ledger.repository.ts';
import { LedgerService } from '../../core/ledger/ledger.service.ts';
import { PersonRepository } from '../../core/person/person.repository.ts';
import { SaferPlayGate } from '../../core/safer-play/safer-play.gate.ts';
import { SaferPlayRepository } from '../../core/safer-play/safer-play.repository.ts';
import { FakeClock, HOUR_MS } from '../../lib/clock.ts';
import { localDayStart, localMonthStart, localWeekStart } from '../../lib/local-calendar.ts';
import { changeLimit, type LimitState } from './safer-play.limits.ts';

/**
 * A member trying to get round their own deposit limits (docs/safer-play.md): random sequences of deposits, limit
 * changes (lowering, raising, removing, asking again) and waits across local midnights, Mondays and month ends,
 * against a model of the rules. Whatever the order, every deposit is credited exactly when the model says so, and no
 * local day, week or month ever holds more than the limit in force at each credit allowed.
 */

const ZONE = 'Asia/Bangkok';
const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];

type Action =
  | { kind: 'deposit'; amountMinor: bigint }
  | { kind: 'limit'; period: Period; amountMinor: bigint | null }
  | { kind: 'wait'; ms: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .bigInt({ min: 1n, max: 60n })
      .map((units) => ({ kind: 'deposit' as const, amountMinor: units * 1000n })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      period: fc.constantFrom(...PERIODS),
      amountMinor: fc.option(
        fc.bigInt({ min: 1n, max: 20n }).map((units) => units * 5000n),
        { nil: null },
      ),
    }),
  },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 80 * HOUR_MS }).map((ms) => ({ kind: 'wait' as const, ms })) },
);

function startOf(period: Period, at: Date): number {
  if (period === 'day') return localDayStart(at, ZONE).getTime();
  if (period === 'week') return localWeekStart(at, ZONE).getTime();
  return localMonthStart(at, ZONE).getTime();
}

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(() => db.close());

describe('deposits against the member own limits, in any order', () => {
  it('credits exactly what the model allows, and no period ever holds more than its limit in force', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 5, maxLength: 25 }),
        fc.integer({ min: 0, max: 30 }),
        async (actions, startDay) => {
          // Somewhere in the year, any hour: the sequences cross midnights, Mondays and month ends.
          const clock = new FakeClock(new Date(Date.UTC(2026, 0, 20) + startDay * 11 * HOUR_MS));
          const gate = new SaferPlayGate({
            repository: new SaferPlayRepository(),
            people: new PersonRepository(),
            clock,
            timeZone: ZONE,
          });
          const ledger = new LedgerService({
            repository: new LedgerRepository(),
            clock,
            depositCheck: (trx, memberId, amountMinor) => gate.assertDeposit(trx, memberId, amountMinor),
          });
          const memberId = await insertTestMember(db.db);
          const repository = new SaferPlayRepository();
          const { wallet, clearing } = await ledger.depositAccounts(db.db, memberId, 'BAHT');
          const limits: Record<Period, LimitState> = {
            day: { amount: null, pending: null },
            week: { amount: null, pending: null },
            month: { amount: null, pending: null },
          };
          const credited: { at: number; amountMinor: bigint }[] = [];
          for (const step of actions) {
            const now = clock.now();
            if (step.kind === 'wait') clock.advance(step.ms);
            else if (step.kind === 'limit') {
              await db.db.transaction().execute(async (trx) => {
                await repository.ensureLocked(trx, memberId, now);
                const after = changeLimit(inForce(limits[step.period], now), step.amountMinor, now);
                limits[step.period] = after;
                await repository.saveLimit(trx, {
                  member_id: memberId,
                  kind: 'deposit',
                  period: step.period,
                  amount_minor: after.amount,
                  pending_amount_minor: after.pending?.amount ?? null,
                  pending_from: after.pending?.from ?? null,
                  updated_at: now,
                });
              });
            } else {
              const allowed = PERIODS.every((period) => {
                const limit = inForce(limits[period], now).amount;
                if (limit === null) return true;
                const from = startOf(period, now);
                const used = credited
                  .filter((item) => item.at >= from)
                  .reduce((sum, item) => sum + item.amountMinor, 0n);
                return used + step.amountMinor <= limit;
              });
              const outcome = await db.db
                .transaction()
                .execute((trx) =>
                  ledger.postDeposit(trx, {
                    memberId,
                    idempotencyKey: `property:${randomUUID()}`,
                    from: clearing.id,
                    to: wallet.id,
                    amountMinor: step.amountMinor,
                  }),
                )
                .then(
                  () => 'credited',
                  (error: Error) => error.message,
                );
              expect(outcome).toBe(allowed ? 'credited' : 'DEPOSIT_LIMIT_REACHED');
              if (allowed) credited.push({ at: now.getTime(), amountMinor: step.amountMinor });
            }
          }
          expect(await ledger.balanceOf(db.db, wallet.id)).toBe(
            credited.reduce((sum, item) => sum + item.amountMinor, 0n),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});

/** The model's limit at `now`: a waiting change is in force from its instant. */
function inForce(state: LimitState, now: Date): LimitState {
  if (state.pending && state.pending.from.getTime() <= now.getTime())
    return { amount: state.pending.amount, pending: null };
  return state;
}
