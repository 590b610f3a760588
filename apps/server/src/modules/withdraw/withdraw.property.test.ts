import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { IDEMPOTENCY_KEY_HEADER } from '@member-wallet/contract/constants';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedHeaders } from '../../adapters/hmac-signature.ts';
import { PAYOUT_SIGNATURE_HEADERS } from '../../adapters/payout/http.ts';
import { SANDBOX_PAYOUT_SECRET } from '../../config.ts';
import { reconcileBalances } from '../../core/ledger/ledger.reconcile.ts';
import { LedgerRepository } from '../../core/ledger/ledger.repository.ts';
import { LedgerService } from '../../core/ledger/ledger.service.ts';
import { MINUTE_MS } from '../../lib/clock.ts';

/**
 * Random sequences of withdrawals, payout outcomes, notifications in any order, party faults and settler passes
 * (docs/withdrawals.md): whatever happens, the wallet holds what was funded minus what is in flight or paid,
 * each withdrawal is settled or compensated at most once, and the ledger re-derives to its stored balances.
 */

const FUNDED_MAJOR = 1_000;

type Step =
  | { kind: 'withdraw'; amount: number; all: boolean }
  | { kind: 'notify'; pick: number; status: 'paid' | 'failed' | 'pending' }
  | { kind: 'settle'; advanceMinutes: number }
  | { kind: 'party'; fault: 'none' | 'unavailable' | 'lostAnswer'; failRate: 0 | 1; webhooks: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 50, max: 700 }), all: fc.boolean() }),
  fc.record({
    kind: fc.constant('notify' as const),
    pick: fc.nat({ max: 100 }),
    status: fc.constantFrom('paid' as const, 'failed' as const, 'pending' as const),
  }),
  fc.record({ kind: fc.constant('settle' as const), advanceMinutes: fc.integer({ min: 0, max: 120 }) }),
  fc.record({
    kind: fc.constant('party' as const),
    fault: fc.constantFrom('none' as const, 'unavailable' as const, 'lostAnswer' as const),
    failRate: fc.constantFrom(0 as const, 1 as const),
    webhooks: fc.boolean(),
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    PAYOUT_SETTLE_INTERVAL_MS: '0',
    WITHDRAW_RATE_PER_MINUTE: '10000',
    WITHDRAW_RATE_PER_HOUR: '100000',
  });
});
afterAll(() => t.close());

async function fundedMember(): Promise<{ id: bigint; token: string }> {
  const registered = await registerAndLogin(t);
  const { id } = await t.app.db
    .selectFrom('members')
    .select('id')
    .where('public_id', '=', registered.publicId)
    .executeTakeFirstOrThrow();
  const ledger = new LedgerService({ repository: new LedgerRepository(), clock: t.clock });
  const wallet = await ledger.memberWallet(t.app.db, id, 'BAHT');
  const clearing = await ledger.ensureAccount(t.app.db, {
    kind: 'deposit_clearing',
    memberId: null,
    providerCode: null,
    currency: 'BAHT',
  });
  await t.app.db.transaction().execute((trx) =>
    ledger.post(trx, {
      memberId: id,
      type: 'deposit',
      status: 'completed',
      idempotencyKey: `test-deposit:${randomUUID()}`,
      postings: [
        { account: clearing.id, amount: -BigInt(FUNDED_MAJOR * 100) },
        { account: wallet.id, amount: BigInt(FUNDED_MAJOR * 100) },
      ],
    }),
  );
  return { id, token: registered.token };
}

async function walletMinor(memberId: bigint): Promise<bigint> {
  const row = await t.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('kind', '=', 'member_wallet')
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

async function run(member: { id: bigint; token: string }, current: Step, references: string[]) {
  if (current.kind === 'withdraw') {
    const amount = current.all ? Number(await walletMinor(member.id)) / 100 : current.amount;
    const answer = await t.api({
      method: 'POST',
      url: current.all ? '/api/wallet/withdrawAll' : '/api/wallet/withdraw',
      headers: { ...bearer(member.token), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: { amount },
    });
    if (answer.statusCode === 200) references.push(answer.json().reference);
    else expect(['MONEY_NOT_ENOUGH', 'KEY_INVALID']).toContain(answer.json().message);
  } else if (current.kind === 'notify' && references.length > 0) {
    const reference = references[current.pick % references.length];
    const body = JSON.stringify({ eventId: randomUUID(), reference, status: current.status, payoutId: 'SBP-x' });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payout',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(PAYOUT_SIGNATURE_HEADERS, SANDBOX_PAYOUT_SECRET, t.clock.now().getTime(), body),
      },
      payload: body,
    });
    expect(answer.statusCode).toBe(200);
  } else if (current.kind === 'settle') {
    t.clock.advance(current.advanceMinutes * MINUTE_MS);
    await t.app.withdrawals.settlePending();
  } else if (current.kind === 'party') {
    const { kind: _, ...settings } = current;
    await t.app.inject({ method: 'PUT', url: '/sandbox/payout/settings', payload: { ...settings, delayMs: 0 } });
  }
}

async function checkInvariants(memberId: bigint, references: string[]) {
  const rows = await t.app.db.selectFrom('withdrawals').selectAll().where('member_id', '=', memberId).execute();
  expect(rows.map((row) => row.public_id).toSorted()).toEqual(references.toSorted());
  const owed = rows.filter((row) => row.status !== 'FAILED').reduce((sum, row) => sum + row.amount_minor, 0n);
  expect(await walletMinor(memberId)).toBe(BigInt(FUNDED_MAJOR * 100) - owed);
  for (const row of rows) {
    const settlements = await t.app.db
      .selectFrom('journal_entries')
      .select('id')
      .where('idempotency_key', '=', `payout:${row.public_id}`)
      .execute();
    const compensations = await t.app.db
      .selectFrom('journal_entries')
      .select('id')
      .where('reversal_of', '=', row.entry_id)
      .execute();
    expect([settlements.length, compensations.length]).toEqual(
      row.status === 'SUCCESS' ? [1, 0] : row.status === 'FAILED' ? [0, 1] : [0, 0],
    );
  }
  expect(await reconcileBalances(t.app.db)).toEqual([]);
}

describe('withdrawals under random sequences', () => {
  it('keep the wallet equal to funded minus in flight and paid, and settle each withdrawal at most once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const member = await fundedMember();
        const references: string[] = [];
        for (const current of steps) await run(member, current, references);
        // Quiet the party (no more webhooks) and let those already on their way land, then poll the rest.
        await t.app.inject({
          method: 'PUT',
          url: '/sandbox/payout/settings',
          payload: { fault: 'none', webhooks: false },
        });
        await sleep(100);
        t.clock.advance(3 * 60 * MINUTE_MS);
        await t.app.withdrawals.settlePending();
        await checkInvariants(member.id, references);
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
