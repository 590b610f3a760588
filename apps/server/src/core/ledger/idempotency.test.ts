import { IDEMPOTENCY_KEY_HEADER } from '@member-wallet/contract/constants';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { insertTestMember, startTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { FakeClock, HOUR_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createRouter } from '../../lib/route.ts';
import { IdempotencyRepository, type IdempotencyRequest } from './idempotency.repository.ts';
import { IdempotencyService, IN_PROGRESS_LEASE_MS } from './idempotency.service.ts';
import { reconcileBalances } from './ledger.reconcile.ts';
import { type LedgerAccount, LedgerRepository } from './ledger.repository.ts';
import { LedgerService } from './ledger.service.ts';

/**
 * The helper behind the project's own route declarations: zod input, response serializer, AppError answers.
 * The caller is named by an `x-member` header here, standing in for the bearer token.
 */

let t: TestDatabase;
let app: FastifyInstance;
const clock = new FakeClock();
let idempotency: IdempotencyService;
/** How long a duplicate waits for a running first request here: short, so the 409 past it is quick to reach. */
const WAIT_MS = 1_000;

/** How often a running request renews its claim here: often, so a test sees a renewal at once. */
const RENEW_MS = 20;

/** Tells the test when a duplicate has seen the key in progress, i.e. is now waiting for the first request. */
let sawInProgress: () => void = () => {};
/** Tells the test when a running request has renewed its claim, and to when. */
let renewed: (at: Date) => void = () => {};
/** Renewals lost, as when the node running the request has died. */
let renewalsLost = false;
class WatchedRepository extends IdempotencyRepository {
  override async find(memberId: bigint, key: string): Promise<IdempotencyRequest | undefined> {
    const row = await super.find(memberId, key);
    if (row?.status === 'in_progress') sawInProgress();
    return row;
  }
  override async renew(id: bigint, now: Date): Promise<void> {
    if (renewalsLost) return;
    await super.renew(id, now);
    renewed(now);
  }
}
/** The next renewal to the clock's time or later (not one that read the clock before it was moved on). */
function renewal(): Promise<void> {
  const since = clock.now().getTime();
  return new Promise((resolve) => {
    renewed = (at) => {
      if (at.getTime() >= since) resolve();
    };
  });
}
function waiting(): Promise<void> {
  return new Promise((resolve) => {
    sawInProgress = resolve;
  });
}
let ledger: LedgerService;

/** What the test route does on its next run, and how often it ran. */
let behaviour: 'answer' | 'refuse' | 'crash' | 'wait' | 'waitThenRefuse' | 'waitThenCrash' = 'answer';
let runs = 0;
let gate: { opened: Promise<void>; open: () => void } = openGate();
let arrived: () => void = () => {};

function openGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const actionBody = z.object({ amount: z.number(), note: z.optional(z.object({ a: z.string(), b: z.string() })) });
const actionAnswer = z.object({ message: z.string(), run: z.number(), key: z.nullable(z.string()) });

let memberA: bigint;
let memberB: bigint;
let wallet: LedgerAccount;
let position: LedgerAccount;

beforeAll(async () => {
  t = await startTestDatabase();
  idempotency = new IdempotencyService({
    repository: new WatchedRepository(t.db),
    clock,
    inProgressWaitMs: WAIT_MS,
    leaseRenewMs: RENEW_MS,
  });
  ledger = new LedgerService({ repository: new LedgerRepository(), clock });
  [memberA, memberB] = [await insertTestMember(t.db), await insertTestMember(t.db)];
  wallet = await ledger.memberWallet(t.db, memberA, 'BAHT');
  position = await ledger.ensureAccount(t.db, {
    kind: 'member_provider_position',
    memberId: memberA,
    providerCode: 'PG',
    currency: 'BAHT',
  });
  const clearing = await ledger.ensureAccount(t.db, {
    kind: 'deposit_clearing',
    memberId: null,
    providerCode: null,
    currency: 'BAHT',
  });
  await t.db.transaction().execute((trx) =>
    ledger.post(trx, {
      memberId: memberA,
      type: 'deposit',
      status: 'completed',
      idempotencyKey: 'seed',
      postings: [
        { account: clearing.id, amount: -100_00n },
        { account: wallet.id, amount: 100_00n },
      ],
    }),
  );
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
  await t.close();
});
beforeEach(() => {
  behaviour = 'answer';
  runs = 0;
  renewalsLost = false;
});

async function buildTestApp(): Promise<FastifyInstance> {
  const instance = Fastify();
  instance.setValidatorCompiler(() => (value) => ({ value }));
  instance.setErrorHandler((error, _request, reply) =>
    error instanceof AppError
      ? reply.code(error.status).send(error.body())
      : reply.code(500).send({ message: 'INTERNAL_SERVER_ERROR' }),
  );
  const route = createRouter(instance, async (request) => ({
    memberId: BigInt(String(request.headers['x-member'])),
    sessionId: 0n,
  }));
  for (const required of [true, false]) {
    route({
      method: 'POST',
      url: required ? '/action/:target' : '/optional/:target',
      auth: true,
      summary: 'test action',
      tags: ['test'],
      body: actionBody,
      response: actionAnswer,
      handler: ({ request, auth }) => idempotency.withIdempotency(request, auth.memberId, action, { required }),
    });
  }
  route({
    method: 'POST',
    url: '/transfer',
    auth: true,
    summary: 'a wallet to game transfer, as the real route will make one',
    tags: ['test'],
    body: z.object({ amountMinor: z.int() }),
    response: z.object({ message: z.string(), entryId: z.string() }),
    handler: ({ request, body, auth }) =>
      idempotency.withIdempotency(
        request,
        auth.memberId,
        async (key) => {
          const posted = await t.db.transaction().execute((trx) =>
            ledger.post(trx, {
              memberId: auth.memberId,
              type: 'transfer',
              status: 'completed',
              idempotencyKey: `http:transfer:${key}`,
              postings: [
                { account: wallet.id, amount: -BigInt(body.amountMinor) },
                { account: position.id, amount: BigInt(body.amountMinor) },
              ],
            }),
          );
          return { message: 'SUCCESS', entryId: String(posted.entry.id) };
        },
        { required: true },
      ),
  });
  await instance.ready();
  return instance;
}

async function action(key: string | null) {
  runs += 1;
  const run = runs;
  // Read once on entry: a test changes `behaviour` for the next run while this one waits at the gate.
  const mine = behaviour;
  if (mine.startsWith('wait')) {
    arrived();
    await gate.opened;
  }
  if (mine === 'refuse' || mine === 'waitThenRefuse') throw new AppError('MONEY_NOT_ENOUGH');
  if (mine === 'crash' || mine === 'waitThenCrash') throw new Error('the provider adapter blew up');
  return { message: 'SUCCESS', run, key };
}

/**
 * The next run stops at a closed gate and then does `kind`; later runs answer. Resolves once the run is at
 * the gate, holding the key in progress.
 */
function holdNextRun(kind: 'wait' | 'waitThenRefuse' | 'waitThenCrash'): Promise<void> {
  behaviour = kind;
  gate = openGate();
  return new Promise<void>((resolve) => {
    arrived = () => {
      behaviour = 'answer';
      resolve();
    };
  });
}

let keyCounter = 0;
function nextKey(): string {
  keyCounter += 1;
  return `0b7c6a52-3f4e-4d5a-9c1e-${String(keyCounter).padStart(12, '0')}`;
}

function call(options: {
  key?: string | string[];
  member?: bigint;
  url?: string;
  payload?: object;
}): Promise<LightMyRequestResponse> {
  const headers: InjectOptions['headers'] = { 'x-member': String(options.member ?? memberA) };
  if (options.key !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = options.key;
  return app.inject({
    method: 'POST',
    url: options.url ?? '/action/PG',
    headers,
    payload: options.payload ?? { amount: 10 },
  });
}

describe('withIdempotency', () => {
  it('runs the first request, then replays its answer without running anything', async () => {
    const key = nextKey();
    const first = await call({ key });
    expect([first.statusCode, first.json()]).toEqual([200, { message: 'SUCCESS', run: 1, key }]);
    const again = await call({ key });
    expect([again.statusCode, again.json()]).toEqual([200, { message: 'SUCCESS', run: 1, key }]);
    expect(runs).toBe(1);
  });

  it('replays an expected refusal as it was first answered', async () => {
    const key = nextKey();
    behaviour = 'refuse';
    const first = await call({ key });
    expect([first.statusCode, first.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    behaviour = 'answer';
    const again = await call({ key });
    expect([again.statusCode, again.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    expect(runs).toBe(1);
  });

  it('refuses the same key with another body, parameter or route, and takes key order as the same body', async () => {
    const key = nextKey();
    await call({ key, payload: { amount: 10, note: { a: 'x', b: 'y' } } });
    const reordered = await call({ key, payload: { note: { b: 'y', a: 'x' }, amount: 10 } });
    expect(reordered.statusCode).toBe(200);
    for (const other of [
      { payload: { amount: 11, note: { a: 'x', b: 'y' } } },
      { payload: { amount: 10, note: { a: 'x', b: 'y' } }, url: '/action/JOKER' },
      { payload: { amount: 10, note: { a: 'x', b: 'y' } }, url: '/optional/PG' },
    ]) {
      const refused = await call({ key, ...other });
      expect([refused.statusCode, refused.json()]).toEqual([422, { message: 'IDEMPOTENCY_KEY_REUSED' }]);
    }
    expect(runs).toBe(1);
  });

  it('keeps each member’s keys apart', async () => {
    const key = nextKey();
    await call({ key, member: memberA });
    const other = await call({ key, member: memberB });
    expect(other.json()).toEqual({ message: 'SUCCESS', run: 2, key });
  });

  it('gives a duplicate that arrives while the first request runs the first request’s answer', async () => {
    const key = nextKey();
    const reached = holdNextRun('wait');
    const first = call({ key });
    await reached;
    const duplicateWaits = waiting();
    const duplicate = call({ key });
    await duplicateWaits;
    // Another body under the key is refused at once, waiting or not.
    const other = await call({ key, payload: { amount: 11 } });
    expect([other.statusCode, other.json()]).toEqual([422, { message: 'IDEMPOTENCY_KEY_REUSED' }]);
    gate.open();
    const answers = await Promise.all([first, duplicate]);
    for (const answer of answers)
      expect([answer.statusCode, answer.json()]).toEqual([200, { message: 'SUCCESS', run: 1, key }]);
    expect(runs).toBe(1);
  });

  it('gives a waiting duplicate the first request’s refusal', async () => {
    const key = nextKey();
    const reached = holdNextRun('waitThenRefuse');
    const first = call({ key });
    await reached;
    const duplicateWaits = waiting();
    const duplicate = call({ key });
    await duplicateWaits;
    gate.open();
    for (const answer of await Promise.all([first, duplicate])) {
      expect([answer.statusCode, answer.json()]).toEqual([400, { message: 'MONEY_NOT_ENOUGH' }]);
    }
    expect(runs).toBe(1);
  });

  it('runs a waiting duplicate when the first request fails unexpectedly and releases the key', async () => {
    const key = nextKey();
    const reached = holdNextRun('waitThenCrash');
    const first = call({ key });
    await reached;
    const duplicateWaits = waiting();
    const duplicate = call({ key });
    await duplicateWaits;
    gate.open();
    expect((await first).statusCode).toBe(500);
    const retried = await duplicate;
    expect([retried.statusCode, retried.json()]).toEqual([200, { message: 'SUCCESS', run: 2, key }]);
    expect(runs).toBe(2);
  });

  it('answers 409 when the first request runs longer than a duplicate waits, then replays its answer', async () => {
    const key = nextKey();
    const reached = holdNextRun('wait');
    const first = call({ key });
    await reached;
    const started = performance.now();
    const duplicate = await call({ key });
    expect([duplicate.statusCode, duplicate.json()]).toEqual([409, { message: 'IDEMPOTENCY_KEY_IN_PROGRESS' }]);
    // It did wait, until a further pause would overrun the bound, and then stopped (slack for a loaded machine).
    const waitedMs = performance.now() - started;
    expect(waitedMs).toBeGreaterThan(WAIT_MS - 150);
    expect(waitedMs).toBeLessThan(WAIT_MS + 2_000);
    gate.open();
    expect((await first).json()).toEqual({ message: 'SUCCESS', run: 1, key });
    expect((await call({ key })).json()).toEqual({ message: 'SUCCESS', run: 1, key });
    expect(runs).toBe(1);
  });

  it('keeps the key of a request still running past the lease, which it renews: a retry answers 409', async () => {
    const key = nextKey();
    const reached = holdNextRun('wait');
    const slow = call({ key });
    await reached;
    clock.advance(IN_PROGRESS_LEASE_MS - 1);
    await renewal();
    // Past the lease counted from the claim, within the one counted from the renewal.
    clock.advance(2);
    expect((await call({ key })).statusCode).toBe(409);
    gate.open();
    expect((await slow).json()).toEqual({ message: 'SUCCESS', run: 1, key });
    expect(runs).toBe(1);
  });

  it('takes over a key whose request stopped answering once its lease has run out', async () => {
    const key = nextKey();
    const reached = holdNextRun('wait');
    // A request whose node died: it holds the key, renews it no more, and never completes (until the gate opens
    // at the end).
    renewalsLost = true;
    const lost = call({ key });
    await reached;
    // Within the lease, a retry waits for it (the bound) and answers 409.
    clock.advance(IN_PROGRESS_LEASE_MS - 1);
    expect((await call({ key })).statusCode).toBe(409);
    clock.advance(1);
    const retry = await call({ key });
    expect([retry.statusCode, retry.json()]).toEqual([200, { message: 'SUCCESS', run: 2, key }]);
    gate.open();
    await lost;
    // The lost request's late answer does not replace the stored one.
    expect((await call({ key })).json()).toEqual({ message: 'SUCCESS', run: 2, key });
  });

  it('releases the key when the handler fails unexpectedly, so the retry runs', async () => {
    const key = nextKey();
    behaviour = 'crash';
    const first = await call({ key });
    expect([first.statusCode, first.json()]).toEqual([500, { message: 'INTERNAL_SERVER_ERROR' }]);
    behaviour = 'answer';
    const retry = await call({ key });
    expect([retry.statusCode, retry.json()]).toEqual([200, { message: 'SUCCESS', run: 2, key }]);
  });

  it('forgets answers after a day, and deletes them', async () => {
    const key = nextKey();
    await call({ key });
    clock.advance(24 * HOUR_MS);
    expect((await call({ key, payload: { amount: 99 } })).json()).toEqual({ message: 'SUCCESS', run: 2, key });
    clock.advance(24 * HOUR_MS);
    expect(await idempotency.deleteExpired()).toBeGreaterThan(0);
    expect(await new IdempotencyRepository(t.db).find(memberA, key)).toBeUndefined();
  });

  it('wants a well-formed key, and one on routes that require it', async () => {
    for (const key of ['', 'k'.repeat(129), 'a b', 'คีย์', 'a/b', ['k1', 'k2']]) {
      const answer = await call({ key });
      expect([answer.statusCode, answer.json()], String(key)).toEqual([
        400,
        { message: 'KEY_INVALID', fields: { [IDEMPOTENCY_KEY_HEADER]: 'KEY_INVALID' } },
      ]);
    }
    const missing = await call({});
    expect([missing.statusCode, missing.json()]).toEqual([
      400,
      { message: 'KEY_MISSING', fields: { [IDEMPOTENCY_KEY_HEADER]: 'KEY_MISSING' } },
    ]);
    expect((await call({ key: 'k'.repeat(128) })).statusCode).toBe(200);
    const optional = [await call({ url: '/optional/PG' }), await call({ url: '/optional/PG' })];
    expect(optional.map((answer) => answer.json().run)).toEqual([2, 3]);
  });
});

describe('withIdempotency over the ledger', () => {
  it('moves money once when one key arrives 10 times at once, and answers each with the same entry', async () => {
    const key = nextKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call({ key, url: '/transfer', payload: { amountMinor: 12_50 } })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const entryIds = new Set(answers.map((answer) => answer.json().entryId));
    expect(entryIds.size).toBe(1);
    const replay = await call({ key, url: '/transfer', payload: { amountMinor: 12_50 } });
    expect(replay.json().entryId).toBe([...entryIds][0]);
    const balance = await t.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', wallet.id)
      .executeTakeFirstOrThrow();
    expect(balance.balance).toBe(100_00n - 12_50n);
    expect(await reconcileBalances(t.db)).toEqual([]);
  });
});
