import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { amountField, isAmount, toMajor, toMinor } from '@member-wallet/contract/money';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { verifySignature } from '../../adapters/games/signature.ts';
import { parseInput } from '../../lib/route.ts';
import { type FaultBoard, type FaultOperation, faultsRequest } from './faults.ts';
import { SLOT_PAGE_SCRIPT, slotPage } from './slot-page.ts';
import type { SandboxAccount, SandboxGameStore } from './store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** How long a "timed out" call holds the connection when the caller does not hang up first. */
const HANG_MS_MAX = 30_000;
const SESSION_TTL_MS = 60 * 60 * 1000;
const STAKES_MINOR = [100n, 500n, 1000n, 5000n];
const SYMBOLS = ['CHERRY', 'LEMON', 'BELL', 'STAR', 'SEVEN'];
const BETS_SHOWN = 10;
const tags = ['sandbox'];

/**
 * The sandbox game provider (docs/parties/games.md): the protocol of the HTTP adapter under `/sandbox/games/{code}`,
 * signed requests only, its own persistent books; fault injection; and a playable demo slot machine at the
 * launch link. Registered as its own plugin, so its raw-body JSON parser (signatures cover the exact bytes)
 * touches no other route.
 */
export interface SandboxGamesOptions {
  store: SandboxGameStore;
  secret: string;
  faults: FaultBoard;
}

type Params = { code: string; username?: string; txId?: string };

/** What every provider route uses: the books, the faults, the signature check, and the call wrapper. */
interface ProviderCalls {
  store: SandboxGameStore;
  faults: FaultBoard;
  secret: string;
  signed(request: FastifyRequest): boolean;
  call(
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    operation: FaultOperation,
    work: (outcome: ReturnType<FaultBoard['roll']>) => Promise<unknown>,
  ): Promise<unknown>;
  account(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply): Promise<SandboxAccount | undefined>;
}

/**
 * The sandbox game provider (docs/parties/games.md): the protocol of the HTTP adapter under `/sandbox/games/{code}`,
 * signed requests only, its own persistent books; fault injection; and a playable demo slot machine at the
 * launch link. Registered as its own plugin, so its raw-body JSON parser (signatures cover the exact bytes)
 * touches no other route.
 */
export async function sandboxGamesPlugin(app: FastifyInstance, options: SandboxGamesOptions) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = String(body);
    try {
      done(null, body === '' ? {} : JSON.parse(String(body)));
    } catch {
      done(Object.assign(new Error('malformed JSON'), { statusCode: 400 }), undefined);
    }
  });

  const p = providerCalls(options);
  accountRoutes(app, p);
  moneyRoutes(app, p);
  controlRoutes(app, p);
  registerSlotMachine(app, options.store, options.secret);
}

function providerCalls(options: SandboxGamesOptions): ProviderCalls {
  const { store, faults, secret } = options;
  const signed = (request: FastifyRequest) =>
    verifySignature(
      secret,
      { timestamp: request.headers['x-timestamp'], signature: request.headers['x-signature'] },
      { method: request.method, path: request.url, body: request.rawBody ?? '' },
      Date.now(),
    );

  /** Runs one protocol call: signature, latency, the account, and the fault dice. */
  async function provider(
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    operation: FaultOperation,
    work: (outcome: ReturnType<FaultBoard['roll']>) => Promise<unknown>,
  ) {
    if (!signed(request)) return reply.code(401).send({ error: 'bad signature' });
    const { latencyMs } = faults.for(request.params.code);
    if (latencyMs > 0) await sleep(latencyMs);
    const outcome = faults.roll(request.params.code, operation);
    if (outcome === 'error' && operation !== 'deposit' && operation !== 'withdraw') {
      return reply.code(500).send({ error: 'sandbox fault' });
    }
    if (outcome === 'timeout' && operation !== 'deposit' && operation !== 'withdraw') return hang(reply);
    return work(outcome);
  }

  async function account(request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) {
    const found = await store.findByUsername(request.params.code, request.params.username ?? '');
    if (!found) reply.code(404).send({ error: 'no such account' });
    return found;
  }

  return { store, faults, secret, signed, call: provider, account };
}

/** Opening an account, its balance, a new password, a launch link. */
function accountRoutes(app: FastifyInstance, p: ProviderCalls) {
  app.post<{ Params: Params; Body: { externalId?: unknown } }>(
    '/sandbox/games/:code/accounts',
    { schema: { tags, summary: 'Sandbox provider: open (or answer again) an account' } },
    (request, reply) =>
      p.call(request, reply, 'createAccount', async () => {
        const externalId = request.body?.externalId;
        if (typeof externalId !== 'string' || externalId === '' || externalId.length > 64) {
          return reply.code(400).send({ error: 'externalId required' });
        }
        const created = await p.store.createAccount(request.params.code, externalId);
        return { username: created.username, password: created.password };
      }),
  );

  app.get<{ Params: Params }>(
    '/sandbox/games/:code/accounts/:username/balance',
    { schema: { tags, summary: 'Sandbox provider: an account balance (minor units)' } },
    (request, reply) =>
      p.call(request, reply, 'balance', async () => {
        const found = await p.account(request, reply);
        if (!found) return reply;
        return { balanceMinor: (await p.store.balance(found)).toString() };
      }),
  );

  app.post<{ Params: Params; Body: { password?: unknown } }>(
    '/sandbox/games/:code/accounts/:username/password',
    { schema: { tags, summary: 'Sandbox provider: a new password' } },
    (request, reply) =>
      p.call(request, reply, 'resetPassword', async () => {
        const found = await p.account(request, reply);
        if (!found) return reply;
        const chosen = request.body?.password;
        const valid = typeof chosen === 'string' && /^[A-Za-z0-9]{6,32}$/.test(chosen);
        return { password: await p.store.resetPassword(found, valid ? chosen : undefined) };
      }),
  );

  app.post<{ Params: Params }>(
    '/sandbox/games/:code/accounts/:username/launch',
    { schema: { tags, summary: 'Sandbox provider: a launch link to the demo slot machine' } },
    async (request, reply) => {
      if (!p.signed(request)) return reply.code(401).send({ error: 'bad signature' });
      const found = await p.account(request, reply);
      if (!found) return reply;
      const session = sessionToken(p.secret, found, Date.now() + SESSION_TTL_MS);
      const base = `${request.protocol}://${request.host}`;
      return { link: `${base}/sandbox/games/${encodeURIComponent(request.params.code)}/play?session=${session}` };
    },
  );
}

/** Money by our transaction id, what became of one, and the bet records promotions read. */
function moneyRoutes(app: FastifyInstance, p: ProviderCalls) {
  app.post<{ Params: Params; Body: Record<string, unknown> }>(
    '/sandbox/games/:code/transactions',
    { schema: { tags, summary: 'Sandbox provider: deposit or withdraw by our transaction id (idempotent)' } },
    (request, reply) => {
      const type =
        request.body?.type === 'deposit' || request.body?.type === 'withdraw' ? request.body.type : 'deposit';
      return p.call(request, reply, type, async (outcome) => {
        const call = moneyCall(request.body);
        if (!call) return reply.code(400).send({ error: 'txId, username, type, amountMinor required' });
        const found = await p.store.findByUsername(request.params.code, call.username);
        if (!found) return reply.code(422).send({ status: 'failed', reason: 'no such account' });
        const { lateApplyMs } = p.faults.for(request.params.code);
        const record =
          outcome === 'error'
            ? ({ kind: 'fail', reason: 'sandbox fault' } as const)
            : outcome === 'timeout'
              ? lateApplyMs > 0
                ? ({ kind: 'late', lateMs: lateApplyMs } as const)
                : null
              : ({ kind: 'apply' } as const);
        if (record === null) return hang(reply);
        const answer = await p.store.money(request.params.code, found, call, record);
        if (outcome === 'timeout' || outcome === 'applied_then_timeout') return hang(reply);
        if (answer.status === 'conflict') return reply.code(409).send({ error: 'transaction id reused' });
        if (answer.status === 'pending') return reply.code(503).send({ status: 'pending' });
        if (answer.status === 'failed') return reply.code(422).send({ status: 'failed', reason: answer.reason });
        return { txId: call.txId, status: 'applied', balanceMinor: answer.balanceMinor.toString() };
      });
    },
  );

  app.get<{ Params: Params }>(
    '/sandbox/games/:code/transactions/:txId',
    { schema: { tags, summary: 'Sandbox provider: what became of one of our transaction ids' } },
    (request, reply) =>
      p.call(request, reply, 'status', async () => {
        const row = await p.store.findTransaction(request.params.code, request.params.txId ?? '');
        if (!row) return reply.code(404).send({ status: 'not_found' });
        return { txId: row.tx_id, status: row.status };
      }),
  );

  app.get<{ Params: Params; Querystring: { from?: string; to?: string } }>(
    '/sandbox/games/:code/accounts/:username/bets/summary',
    { schema: { tags, summary: "Sandbox provider: an account's bets in [from, to): count, stakes, winnings" } },
    (request, reply) =>
      p.call(request, reply, 'bets', async () => {
        const from = new Date(request.query.from ?? '');
        const to = new Date(request.query.to ?? '');
        if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from > to) {
          return reply.code(400).send({ error: 'from and to required, from <= to' });
        }
        const found = await p.account(request, reply);
        if (!found) return reply;
        const summary = await p.store.betSummary(found.id, from, to);
        return { bets: summary.bets, stakeMinor: summary.stakeMinor.toString(), winMinor: summary.winMinor.toString() };
      }),
  );
}

/** SANDBOX controls: a bet as if played, and the faults. */
function controlRoutes(app: FastifyInstance, p: ProviderCalls) {
  // SANDBOX ONLY, unsigned: a bet as if the member played, for tests and demos of promotions. `at` dates the
  // bet record (not the balance change, which happens now), so an end-to-end test can place bets in a period
  // that has already closed, such as last week for the loss refund.
  app.post<{ Params: Params; Body: unknown }>(
    '/sandbox/games/:code/accounts/:username/bets',
    {
      schema: {
        tags,
        summary:
          'Sandbox control: record a bet {stake, win} (major units) as if the member played; optional `at` ' +
          '(ISO date-time) dates the bet record',
      },
    },
    async (request, reply) => {
      const body = parseInput(betRequest, request.body);
      const found = await p.account(request, reply);
      if (!found) return reply;
      const stake = toMinor(body.stake);
      const win = toMinor(body.win);
      const placed = await p.store.bet(
        found.id,
        stake,
        win,
        'control',
        body.at === undefined ? undefined : new Date(body.at),
      );
      if (!placed) return reply.code(422).send({ error: 'balance too low' });
      return { stake: body.stake, win: body.win, balance: toMajor(placed.balance) };
    },
  );

  const setFaults = async (request: FastifyRequest<{ Params: Partial<Params> }>) => {
    const body = parseInput(faultsRequest, request.body);
    const set = p.faults.set({ ...body, ...(request.params.code ? { provider: request.params.code } : {}) });
    return { provider: request.params.code ?? body.provider ?? '*', ...set };
  };
  app.put('/sandbox/games/faults', { schema: { tags, summary: 'Sandbox provider: set faults' } }, setFaults);
  app.put('/sandbox/games/:code/faults', { schema: { tags, summary: 'Sandbox provider: set faults' } }, setFaults);
}

function registerSlotMachine(app: FastifyInstance, store: SandboxGameStore, secret: string) {
  app.get('/sandbox/games/slot.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SLOT_PAGE_SCRIPT),
  );

  app.get<{ Params: Params; Querystring: { session?: string } }>(
    '/sandbox/games/:code/play',
    { schema: { tags, summary: 'Sandbox provider: the demo slot machine (HTML)' } },
    async (request, reply) => {
      const found = await playerOf(store, secret, request.params.code, request.query.session);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.code(403).send(slotPage({ provider: request.params.code, error: true }));
      const balance = await store.balance(found);
      const bets = await store.listBets(found.id, BETS_SHOWN);
      return slotPage({
        provider: request.params.code,
        username: found.username,
        balance: toMajor(balance),
        stakes: STAKES_MINOR.map((stake) => toMajor(stake)),
        bets: bets.map((bet) => ({
          stake: toMajor(bet.stake_minor),
          win: toMajor(bet.win_minor),
          reels: bet.reels,
          at: bet.created_at.toISOString(),
        })),
      });
    },
  );

  app.post<{ Params: Params; Body: { session?: unknown; stake?: unknown } }>(
    '/sandbox/games/:code/play/spin',
    { schema: { tags, summary: 'Sandbox provider: one spin of the demo slot machine' } },
    async (request, reply) => {
      const session = typeof request.body?.session === 'string' ? request.body.session : undefined;
      const found = await playerOf(store, secret, request.params.code, session);
      if (!found) return reply.code(403).send({ error: 'session expired' });
      const stake = STAKES_MINOR.find((value) => toMajor(value) === request.body?.stake);
      if (stake === undefined) return reply.code(400).send({ error: 'unknown stake' });
      const reels = [0, 1, 2].map(() => SYMBOLS[randomInt(SYMBOLS.length)] ?? 'CHERRY');
      const result = await store.bet(found.id, stake, stake * multiplierOf(reels), reels.join(','));
      if (!result) return reply.code(422).send({ error: 'balance too low' });
      return { reels, stake: toMajor(stake), win: toMajor(result.win), balance: toMajor(result.balance) };
    },
  );
}

/** The sandbox control's bet: a stake above 0 and a win of 0 or more, in the major unit. */
const betRequest = z.object({
  stake: amountField,
  win: z.number().check(z.refine((value) => isAmount(value), { error: 'KEY_INVALID' })),
  /** When the bet was placed, by the provider's records; now when absent. */
  at: z.optional(z.iso.datetime({ offset: true })),
});

/** Three of a kind pays 10 times the stake (sevens 20), two of a kind 2 times; about a 90% return. */
function multiplierOf(reels: string[]): bigint {
  const [a, b, c] = reels;
  if (a === b && b === c) return a === 'SEVEN' ? 20n : 10n;
  if (a === b || b === c || a === c) return 2n;
  return 0n;
}

function moneyCall(body: Record<string, unknown> | undefined) {
  const { txId, username, type, amountMinor } = body ?? {};
  if (typeof txId !== 'string' || txId === '' || txId.length > 64) return undefined;
  if (typeof username !== 'string' || (type !== 'deposit' && type !== 'withdraw')) return undefined;
  if (typeof amountMinor !== 'string' || !/^[1-9]\d{0,17}$/.test(amountMinor)) return undefined;
  return { txId, username, type, amountMinor: BigInt(amountMinor) } as const;
}

/** Resolvers of the calls being held, so closing the server lets them go at once. */
const held = new Set<() => void>();

/** Lets every held call go: a held call would keep the server from closing until its bound. */
export function releaseHeldCalls(): void {
  for (const release of [...held]) release();
}

/** Holds the connection like a provider that never answers, until the caller gives up (or a bound), then drops it. */
async function hang(reply: FastifyReply) {
  await new Promise<void>((resolve) => {
    const release = () => {
      clearTimeout(timer);
      held.delete(release);
      resolve();
    };
    const timer = setTimeout(release, HANG_MS_MAX);
    held.add(release);
    // The caller may have given up already, while the call was being applied.
    if (reply.raw.destroyed || reply.request.raw.socket?.destroyed) release();
    reply.raw.once('close', release);
    reply.request.raw.socket?.once('close', release);
  });
  // It never answers: the connection is dropped, as a provider that timed out would leave it. Answering late
  // instead would leave a keep-alive connection the server then waits for when it closes.
  reply.hijack();
  reply.raw.destroy();
  return reply;
}

function sessionToken(secret: string, account: SandboxAccount, expiresAt: number): string {
  const payload = `${account.provider_code}.${account.username}.${expiresAt}`;
  const mac = createHmac('sha256', secret).update(`session\n${payload}`).digest('base64url');
  return `${Buffer.from(payload).toString('base64url')}.${mac}`;
}

async function playerOf(store: SandboxGameStore, secret: string, code: string, token: string | undefined) {
  const [encoded, mac] = (token ?? '').split('.');
  if (!encoded || !mac) return undefined;
  const payload = Buffer.from(encoded, 'base64url').toString();
  const expected = createHmac('sha256', secret).update(`session\n${payload}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const [provider, username, expiresAt] = payload.split('.');
  if (provider !== code || !username || Number(expiresAt) < Date.now()) return undefined;
  return store.findByUsername(code, username);
}
