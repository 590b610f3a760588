import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askAdjustment } from '../../../test/adjustments.ts';
import { activate, fundedMember, post, seedCatalogue, setFaults } from '../../../test/games.ts';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { payQrDeposit } from '../../../test/qr.ts';
import { askWithdrawal, reviewWithdrawal } from '../../../test/withdrawals.ts';

/**
 * Issue 22: the figures an operator watches on `GET /metrics` (docs/operations.md, Metrics), moved by the flows
 * that move money for real.
 */

let t: TestApp;
let finance: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp({
    PAYOUT_SETTLE_INTERVAL_MS: '0',
    SANDBOX_PAYOUT_DELAY_MS: '0',
    GAME_PROVIDER_TIMEOUT_MS: '250',
    TRANSFER_RECONCILE_INTERVAL_MS: '0',
    // A job that runs often, to be seen running.
    QR_SETTLE_INTERVAL_MS: '50',
  });
  await seedCatalogue(t);
  await t.app.siteSettings.setWithdrawAutoApproveMax('BAHT', 100_000n);
  finance = await signedInOperator(t, 'finance');
});
afterAll(() => t.close());

async function metrics(): Promise<string> {
  const answer = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(answer.statusCode).toBe(200);
  return answer.body;
}

/** The value of one series (`name{labels}`), or undefined when it is not there. */
async function series(name: string): Promise<number | undefined> {
  const line = (await metrics()).split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('business metrics', () => {
  it('counts deposits credited per channel, with their amounts in minor units', async () => {
    const player = await fundedMember(t, 0);
    await payQrDeposit(t, player.token, 300);
    const publicId = await publicIdOf(player.id);
    const adjusted = await askAdjustment(t, finance, publicId, { amountMinor: '2550' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);

    await expect.poll(() => series('member_wallet_deposits_credited_total{channel="qr",currency="BAHT"}')).toBe(1);
    expect(await series('member_wallet_deposits_credited_minor_total{channel="qr",currency="BAHT"}')).toBe(30_000);
    expect(await series('member_wallet_deposits_credited_total{channel="operator",currency="BAHT"}')).toBe(1);
    expect(await series('member_wallet_deposits_credited_minor_total{channel="operator",currency="BAHT"}')).toBe(2_550);
  });

  it('tells withdrawals waiting by stage, and counts them by how they ended', async () => {
    const player = await fundedMember(t, 5000);
    const first = await askWithdrawal(t, player, 1500);
    const second = await askWithdrawal(t, player, 1200);
    expect(await series('member_wallet_withdrawals_open{stage="review"}')).toBe(2);
    expect(await series('member_wallet_withdrawals_total{outcome="requested"}')).toBe(2);

    expect((await reviewWithdrawal(t, finance.headers, 'approve', first.reference)).statusCode).toBe(200);
    expect((await reviewWithdrawal(t, finance.headers, 'reject', second.reference, 'Name')).statusCode).toBe(200);
    await expect.poll(() => series('member_wallet_withdrawals_total{outcome="paid"}')).toBe(1);
    expect(await series('member_wallet_withdrawals_total{outcome="failed"}')).toBe(1);
    expect(await series('member_wallet_withdrawals_open{stage="review"}')).toBe(0);
  });

  it('tells game transfers whose outcome is unknown', async () => {
    expect(await series('member_wallet_game_transfers_open{state="unknown"}')).toBe(0);
    const player = await fundedMember(t, 100);
    await activate(t, player, 'PG');
    await setFaults(t, { timeoutRate: 1 });
    const answer = await post(t, player, '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 40 });
    await setFaults(t, {});
    expect(answer.json()).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await series('member_wallet_game_transfers_open{state="unknown"}')).toBe(1);
  });

  it('checks the ledger at most every few minutes and tells its drift', async () => {
    await fundedMember(t, 10);
    expect(await series('member_wallet_ledger_drifted_accounts')).toBe(0);
    expect(await series('member_wallet_ledger_unbalanced_entries')).toBe(0);
    const checkedAt = await series('member_wallet_ledger_checked_timestamp_seconds');
    expect(checkedAt).toBe(Math.floor(t.clock.now().getTime() / 1000));
    // A stored balance that no longer matches its postings (what the check exists to catch).
    await sql`update ledger_accounts set balance = balance + 1 where id = (select min(id) from ledger_accounts)`.execute(
      t.app.db,
    );
    expect(await series('member_wallet_ledger_drifted_accounts')).toBe(0);
    t.clock.advance(5 * 60_000);
    await expect.poll(() => series('member_wallet_ledger_drifted_accounts')).toBe(1);
    await sql`update ledger_accounts set balance = balance - 1 where id = (select min(id) from ledger_accounts)`.execute(
      t.app.db,
    );
  });

  it('counts the periodic jobs’ passes and tells when each last succeeded', async () => {
    await expect.poll(() => series('member_wallet_job_runs_total{job="qr-settler",outcome="ok"}')).toBeGreaterThan(0);
    expect(await series('member_wallet_job_last_success_timestamp_seconds{job="qr-settler"}')).toBeGreaterThan(0);
  });

  it('tells how the database pool is used, on PostgreSQL', async () => {
    const total = await series('member_wallet_db_pool_connections{state="total"}');
    if (t.config.database.url) {
      expect(total).toBeGreaterThan(0);
      expect(await series('member_wallet_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      // The embedded database is one connection in this process: no pool to tell.
      expect(total).toBeUndefined();
    }
  });
});

async function publicIdOf(memberId: bigint): Promise<string> {
  const row = await t.app.db
    .selectFrom('members')
    .select('public_id')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.public_id;
}
