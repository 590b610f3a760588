import { describe, expect, it } from 'vitest';
import type { Member } from '../../core/account/account.repository.ts';
import { BonusMeter, type BonusMeterDeps } from './bonus.progress.ts';

/**
 * What a member holds is read in three parts that cannot be read at one instant: the wallet and the transfers
 * under way (our database), then each game account's balance (its provider). A transfer that starts after the
 * first read and reaches the provider before the second would be in neither: a cancel would take back too little
 * (seen in CI: 170 of a 200 bonus). The meter reads our side again after the providers and measures again when
 * it moved.
 */

const member = { id: 7n, currency: 'BAHT' } as Member;
const WALLET = 18_000n;

/** Our side as a sequence of readings, and a provider whose balance is whatever the transfers left there. */
function world(readings: { openMinor: bigint; count: number }[], providerBalances: bigint[]) {
  let read = 0;
  let asked = 0;
  const deps = {
    db: {},
    ledger: { memberWallet: async () => ({ id: 1n }), balanceOf: async () => WALLET },
    repository: {
      listGameAccounts: async () => [{ code: 'PG', username: 'pg-user' }],
      transfersUnderWay: async () => readings[Math.min(read++, readings.length - 1)],
    },
    registry: {
      for: () => ({ balance: async () => providerBalances[Math.min(asked++, providerBalances.length - 1)] }),
    },
    clock: { now: () => new Date(0) },
    logger: { warn: () => undefined },
  };
  return new BonusMeter(deps as unknown as BonusMeterDeps);
}

describe('what a member holds, for a cancel', () => {
  it('counts a transfer that started between reading our side and asking the provider', async () => {
    // 120 at the provider; a 30 transfer out of it starts after our first reading.
    const meter = world(
      [
        { openMinor: 0n, count: 1 },
        { openMinor: 3_000n, count: 2 },
        { openMinor: 3_000n, count: 2 },
        { openMinor: 3_000n, count: 2 },
      ],
      [9_000n, 9_000n],
    );
    expect(await meter.totalBalance(member)).toBe(WALLET + 12_000n);
  });

  it('answers from one reading when nothing moved', async () => {
    const meter = world([{ openMinor: 0n, count: 1 }], [12_000n]);
    expect(await meter.totalBalance(member)).toBe(WALLET + 12_000n);
  });

  it('answers unknown (nothing is cancelled) when transfers keep moving under every reading', async () => {
    const readings = Array.from({ length: 20 }, (_, index) => ({ openMinor: 0n, count: index }));
    expect(await world(readings, [12_000n]).totalBalance(member)).toBeNull();
  });
});
