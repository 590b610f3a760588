import { randomUUID } from 'node:crypto';
import { toMinor } from '@member-wallet/contract/money';
import type { LightMyRequestResponse } from 'fastify';
import { reconcileBalances } from '../src/core/ledger/ledger.reconcile.ts';
import { LedgerRepository } from '../src/core/ledger/ledger.repository.ts';
import { LedgerService } from '../src/core/ledger/ledger.service.ts';
import { seedGameCatalogue } from '../src/demo/game-catalogue.ts';
import { GamesRepository } from '../src/modules/games/games.repository.ts';
import type { FaultsRequest } from '../src/sandbox/games/faults.ts';
import { bearer, registerAndLogin, type TestApp } from './helpers.ts';

/** Test helpers of the games module: a catalogue, funded members, calls with an Idempotency-Key. */
export async function seedCatalogue(t: TestApp): Promise<void> {
  await seedGameCatalogue(new GamesRepository(t.app.db));
}

export interface Player {
  id: bigint;
  token: string;
  phone: string;
}

/** A registered, logged-in member whose wallet holds `amount` baht (a deposit through the ledger). */
export async function fundedMember(t: TestApp, amount = 0): Promise<Player> {
  const registered = await registerAndLogin(t);
  const member = await t.app.db
    .selectFrom('members')
    .select(['id', 'currency'])
    .where('phone', '=', registered.username)
    .executeTakeFirstOrThrow();
  if (amount > 0) await deposit(t, member.id, member.currency, amount);
  return { id: member.id, token: registered.token, phone: registered.username };
}

export async function deposit(t: TestApp, memberId: bigint, currency: string, amount: number): Promise<void> {
  const ledger = new LedgerService({ repository: new LedgerRepository(), clock: t.clock });
  const db = t.app.db;
  const wallet = await ledger.memberWallet(db, memberId, currency);
  const clearing = await ledger.ensureAccount(db, {
    kind: 'deposit_clearing',
    memberId: null,
    providerCode: null,
    currency,
  });
  await db.transaction().execute((trx) =>
    ledger.post(trx, {
      memberId,
      type: 'deposit',
      status: 'completed',
      idempotencyKey: `test-deposit:${randomUUID()}`,
      postings: [
        { account: clearing.id, amount: -toMinor(amount) },
        { account: wallet.id, amount: toMinor(amount) },
      ],
    }),
  );
}

export function get(t: TestApp, player: Player, url: string): Promise<LightMyRequestResponse> {
  return t.api({ method: 'GET', url, headers: bearer(player.token) });
}

export function post(
  t: TestApp,
  player: Player,
  url: string,
  payload: unknown,
  key: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return t.api({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...bearer(player.token), ...(key === null ? {} : { 'idempotency-key': key }) },
  });
}

export async function setFaults(t: TestApp, faults: FaultsRequest): Promise<void> {
  const answer = await t.app.inject({ method: 'PUT', url: '/sandbox/games/faults', payload: faults });
  if (answer.statusCode !== 200) throw new Error(`faults refused: ${answer.body}`);
}

export async function activate(
  t: TestApp,
  player: Player,
  code: string,
): Promise<{ username: string; password: string }> {
  const answer = await get(t, player, `/api/wallet/activate/${code}`);
  if (answer.statusCode !== 200) throw new Error(`activation failed: ${answer.body}`);
  return answer.json();
}

/** The wallet and each slot's last known amount, in baht. */
export async function balances(t: TestApp, player: Player) {
  const body = (await get(t, player, '/api/wallet')).json();
  return {
    wallet: body.wallet.amount as number,
    slots: Object.fromEntries(
      (body.slots as { code: string; amount: number }[]).map((slot) => [slot.code, slot.amount]),
    ),
  };
}

/** What the sandbox provider holds for the member at a provider, in minor units. */
export async function providerBalanceMinor(t: TestApp, code: string, username: string): Promise<bigint> {
  const row = await t.app.sandboxDb
    .selectFrom('sandbox_game_accounts')
    .select('balance_minor')
    .where('provider_code', '=', code)
    .where('username', '=', username)
    .executeTakeFirst();
  return row?.balance_minor ?? 0n;
}

export async function transferStates(t: TestApp, memberId: bigint) {
  const rows = await t.app.db
    .selectFrom('game_transfers')
    .select(['state'])
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.state);
}

export async function noDrift(t: TestApp): Promise<boolean> {
  return (await reconcileBalances(t.app.db)).length === 0;
}
