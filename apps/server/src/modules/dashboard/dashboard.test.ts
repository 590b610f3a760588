import { randomUUID } from 'node:crypto';
import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import type { JobName } from '@member-wallet/contract/backoffice/dashboard';
import { CHAT_BACKOFFICE_API } from '@member-wallet/contract/chat';
import { IDEMPOTENCY_KEY_HEADER } from '@member-wallet/contract/constants';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newGuest, sendMessage, textMessage } from '../../../test/chat.ts';
import { fundedMember } from '../../../test/games.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { JobStats } from '../../lib/job-stats.ts';
import { InProcessJobs } from '../../lib/jobs/in-process-jobs.ts';
import { JobRuns, THIS_NODE } from '../../lib/jobs/job-runs.ts';
import { Lifecycle } from '../../lib/lifecycle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYOUT_SETTLE_INTERVAL_MS: '0', SANDBOX_PAYOUT_DELAY_MS: '60000' });
  await t.app.siteSettings.setWithdrawAutoApproveMax('BAHT', 100_000n);
});
afterAll(() => t.close());

async function dashboard(headers: Record<string, string>) {
  const answer = await t.api({ method: 'GET', url: BACKOFFICE_API.dashboard, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe('the back-office dashboard', () => {
  it("counts the local day's deposits and withdrawals, what waits, the members signed in, and a sound ledger", async () => {
    const support = await signedInOperator(t, 'support');
    const before = await dashboard(support.headers);
    expect(before).toMatchObject({
      day: { timeZone: 'Asia/Bangkok' },
      deposits: [],
      withdrawals: [],
      pending: {
        withdrawalsAwaitingReview: 0,
        withdrawalsInProgress: 0,
        slipsInProgress: 0,
        slipsToReview: 0,
        unmatchedTransfers: 0,
        adjustmentsAwaitingApproval: 0,
        inviteLinksHeld: 0,
        chatsUnread: 0,
      },
      membersSignedIn: 0,
      ledger: { drifts: 0, unbalancedEntries: 0 },
    });
    const first = await fundedMember(t, 3_000);
    await fundedMember(t, 250.5);
    for (const amount of [2_000, 500]) {
      const answer = await t.api({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: { ...bearer(first.token), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        payload: { amount },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const after = await dashboard(support.headers);
    expect(after.deposits).toEqual([{ currency: 'BAHT', count: 2, amountMinor: '325050' }]);
    expect(after.withdrawals).toEqual([{ currency: 'BAHT', status: 'IN_PROGRESS', count: 2, amountMinor: '250000' }]);
    expect(after.pending).toEqual({
      withdrawalsAwaitingReview: 1,
      withdrawalsInProgress: 1,
      slipsInProgress: 0,
      slipsToReview: 0,
      unmatchedTransfers: 0,
      adjustmentsAwaitingApproval: 0,
      inviteLinksHeld: 0,
      chatsUnread: 0,
    });
    expect(after.membersSignedIn).toBe(2);
    expect(after.ledger).toEqual({ drifts: 0, unbalancedEntries: 0 });

    // The next local day starts from nothing; what waits still waits.
    const nextMidnight = Date.parse(after.day.from) + 24 * 3_600_000;
    t.clock.advance(nextMidnight - t.clock.now().getTime() + 1000);
    const nextDay = await dashboard((await signedInOperator(t, 'finance')).headers);
    expect(nextDay.day.from).toBe(new Date(nextMidnight).toISOString());
    expect(nextDay.deposits).toEqual([]);
    expect(nextDay.withdrawals).toEqual([]);
    expect(nextDay.pending.withdrawalsAwaitingReview).toBe(1);
  });

  it('counts manual adjustments waiting for a second operator until one decides', async () => {
    const [admin, finance] = await Promise.all([signedInOperator(t, 'admin'), signedInOperator(t, 'finance')]);
    const player = await registerAndLogin(t);
    const asked = await t.api({
      method: 'POST',
      url: backofficePath(BACKOFFICE_API.memberAdjustments, player.publicId),
      headers: admin.headers,
      payload: { amountMinor: '500000', reason: 'goodwill credit', requestId: randomUUID() },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await dashboard(admin.headers)).pending.adjustmentsAwaitingApproval).toBe(1);
    const id: string = asked.json().adjustment.id;
    const approved = await t.api({
      method: 'POST',
      url: backofficePath(BACKOFFICE_API.adjustmentApprove, id),
      headers: finance.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await dashboard(admin.headers)).pending.adjustmentsAwaitingApproval).toBe(0);
  });

  it('counts chat conversations with messages no operator has read, until one marks them read', async () => {
    const admin = await signedInOperator(t, 'admin');
    const guest = await newGuest(t);
    const before = (await dashboard(admin.headers)).pending.chatsUnread;
    await sendMessage(t, guest.headers, textMessage('anyone there?'));
    await sendMessage(t, guest.headers, textMessage('hello?'));
    expect((await dashboard(admin.headers)).pending.chatsUnread).toBe(before + 1);
    const inbox = await t.api({ method: 'GET', url: CHAT_BACKOFFICE_API.conversations, headers: admin.headers });
    const id: string = inbox.json().items[0].id;
    await t.api({
      method: 'PUT',
      url: CHAT_BACKOFFICE_API.conversationRead.replace(':id', id),
      headers: admin.headers,
    });
    expect((await dashboard(admin.headers)).pending.chatsUnread).toBe(before);
  });

  it('reads a drift the moment a stored balance disagrees with its postings', async () => {
    const admin = await signedInOperator(t, 'admin');
    const player = await fundedMember(t, 10);
    await t.app.db
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance: eb('balance', '+', 1n) }))
      .where('member_id', '=', player.id)
      .where('kind', '=', 'member_wallet')
      .execute();
    expect((await dashboard(admin.headers)).ledger).toEqual({ drifts: 1, unbalancedEntries: 0 });
  });

  it("shows each job's last run, last failure with its error, and next run, as the node that ran it wrote them", async () => {
    const support = await signedInOperator(t, 'support');
    // This app's jobs run every 30 s and more: none has run yet.
    expect((await dashboard(support.headers)).jobs).toEqual([]);
    // A node of its own on this app's database and clock, whose bank-feed matcher fails once, then succeeds.
    const node = Fastify();
    node.decorate('lifecycle', new Lifecycle());
    node.decorate('jobStats', new JobStats());
    const jobs = new InProcessJobs({ app: node, clock: t.clock, runs: new JobRuns(t.app.db) });
    let passes = 0;
    jobs.every('bank-feed-matcher', 20, async () => {
      passes += 1;
      if (passes === 1) throw new Error('bank feed refused the token');
    });
    await vi.waitFor(() => expect(passes).toBe(2), { timeout: 5_000, interval: 10 });
    await node.close();
    const now = t.clock.now();
    expect((await dashboard(support.headers)).jobs).toEqual([
      {
        name: 'bank-feed-matcher',
        intervalMs: 20,
        lastStartedAt: now.toISOString(),
        lastSuccessAt: now.toISOString(),
        lastFailureAt: now.toISOString(),
        lastError: 'Error: bank feed refused the token',
        nextRunAt: new Date(now.getTime() + 20).toISOString(),
        node: THIS_NODE,
        failuresInRow: 0,
        late: false,
      },
    ]);
    // No node ran it for over a minute after it was due: the dashboard says it is late.
    t.clock.advance(60_021);
    expect((await dashboard(support.headers)).jobs).toEqual([expect.objectContaining({ late: true })]);
    // The row of a job this version no longer runs (left by an older one) is not shown, and breaks nothing.
    await t.app.db
      .insertInto('job_runs')
      .values({ name: 'bonus-expirer' as JobName, interval_ms: 60_000, last_started_at: now })
      .execute();
    expect((await dashboard(support.headers)).jobs.map((job: { name: string }) => job.name)).toEqual([
      'bank-feed-matcher',
    ]);
  });
});
