import { randomUUID } from 'node:crypto';
import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { QR_GATEWAYS } from '@member-wallet/contract/deposit';
import { encryptGiftLink } from '@member-wallet/contract/truelink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaymentSecret } from '../src/adapters/payments/sandbox.ts';
import {
  SANDBOX_SLIPOK_API_KEY,
  SANDBOX_SLIPOK_BRANCH_ID,
  SANDBOX_SLIPOK_MOUNT,
} from '../src/adapters/slip-verifier/sandbox.ts';
import { ownBaseUrl } from '../src/app.ts';
import {
  SANDBOX_BANK_FEED_SECRET,
  SANDBOX_GAME_SECRET,
  SANDBOX_PAYOUT_SECRET,
  SANDBOX_SMS_API_KEY,
  SANDBOX_VOUCHER_SECRET,
} from '../src/config.ts';
import { FakeClock } from '../src/lib/clock.ts';
import { activate, fundedMember, get, type Player, post, seedCatalogue } from './games.ts';
import { bearer, registerAndLogin, startTestApp, type TestApp } from './helpers.ts';
import { signedInOperator } from './operators.ts';
import { blankPng, uploadSlip } from './slips.ts';

/**
 * The sandbox label (docs/parties/README.md, The sandbox label): every answer a member sees that a sandbox party
 * made carries `sandbox: true`, and the apps learn whether any party answers from the sandbox. `sandboxed` runs
 * every party from its own sandbox; `real` runs SANDBOX too, but reaches every party as a real one: the sandbox
 * of another server (`host`), configured by address and secret as a real party is. Same parties, same wire: only
 * how they were chosen differs, so the label follows the choice and nothing else.
 */

/** 12:00 in Bangkok: far from the slips' closed window around midnight. Every app starts at the same instant. */
const NOON_BANGKOK = new Date('2026-03-02T05:00:00.000Z');

let host: TestApp;
let sandboxed: TestApp;
let real: TestApp;

/** Every party of `real`, at the host's sandbox, with the host's (sandbox) secrets given as a real party's. */
function realParties(hostUrl: string): Record<string, string> {
  return {
    PAYMENT_GATEWAYS: QR_GATEWAYS.map((code) => `${code}=${hostUrl}/sandbox/payments/${code}`).join(','),
    PAYMENT_GATEWAY_SECRETS: QR_GATEWAYS.map((code) => `${code}=${sandboxPaymentSecret(code)}`).join(','),
    SLIP_VERIFIER: 'slipok',
    SLIPOK_BASE_URL: `${hostUrl}${SANDBOX_SLIPOK_MOUNT}`,
    SLIPOK_BRANCH_ID: SANDBOX_SLIPOK_BRANCH_ID,
    SLIPOK_API_KEY: SANDBOX_SLIPOK_API_KEY,
    VOUCHER_BASE_URL: `${hostUrl}/sandbox/truemoney`,
    VOUCHER_SECRET: SANDBOX_VOUCHER_SECRET,
    PAYOUT_BASE_URL: `${hostUrl}/sandbox/payout`,
    PAYOUT_SECRET: SANDBOX_PAYOUT_SECRET,
    BANK_FEED_BASE_URL: `${hostUrl}/sandbox/bank`,
    BANK_FEED_SECRET: SANDBOX_BANK_FEED_SECRET,
    SMS_BASE_URL: `${hostUrl}/sandbox/sms`,
    SMS_API_KEY: SANDBOX_SMS_API_KEY,
    GAME_PROVIDER_SECRETS: `PG=${SANDBOX_GAME_SECRET}`,
  };
}

const quiet = { QR_SETTLE_INTERVAL_MS: '0', TRUELINK_SETTLE_INTERVAL_MS: '0', TRANSFER_RECONCILE_INTERVAL_MS: '0' };

beforeAll(async () => {
  host = await startTestApp(quiet, { clock: new FakeClock(NOON_BANGKOK) });
  sandboxed = await startTestApp(quiet, { clock: new FakeClock(NOON_BANGKOK) });
  real = await startTestApp({ ...quiet, ...realParties(ownBaseUrl(host.app)) }, { clock: new FakeClock(NOON_BANGKOK) });
});
afterAll(async () => {
  await Promise.all([sandboxed?.close(), real?.close()]);
  await host?.close();
});

/** A member whose registered bank account the sandbox bank knows transfers from. */
async function member(t: TestApp): Promise<Player & { accountNo: string }> {
  const registered = await registerAndLogin(t, { bankCode: 'KBANK' });
  const row = await t.app.db
    .selectFrom('members')
    .select('id')
    .where('phone', '=', registered.username)
    .executeTakeFirstOrThrow();
  return { id: row.id, token: registered.token, phone: registered.username, accountNo: registered.bankAccountNo };
}

/** A transfer from the member's account at `bank`'s sandbox bank, and the picture of its slip. */
async function slipOf(bank: TestApp, from: { accountNo: string }, amount: number): Promise<Buffer> {
  const sent = await bank.app.inject({
    method: 'POST',
    url: '/sandbox/bank/transfers',
    payload: { fromBankCode: 'KBANK', fromAccountNo: from.accountNo, amount },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const picture = await bank.app.inject({ method: 'GET', url: `/sandbox/bank/slips/${sent.json().reference}.png` });
  expect(picture.statusCode).toBe(200);
  return picture.rawPayload;
}

async function slipList(t: TestApp, player: Player) {
  const answer = await t.api({
    method: 'POST',
    url: '/api/statement/slip',
    headers: bearer(player.token),
    payload: { page: 1, limit: 10 },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().slips as Record<string, unknown>[];
}

/** A fresh gift link made at `party`'s sandbox voucher party, sent to `t` encrypted as the client does. */
async function sendGiftLink(t: TestApp, party: TestApp, player: Player, amount: number) {
  const voucher = await party.app.inject({ method: 'POST', url: '/sandbox/truemoney/vouchers', payload: { amount } });
  expect(voucher.statusCode).toBe(200);
  const key = (await get(t, player, '/api/lookup/truelink')).json();
  const link = await encryptGiftLink(voucher.json().link, { id: key.keyId, key: key.key });
  return post(t, player, '/api/wallet/truelink', { link }, randomUUID());
}

async function backofficeStatus(t: TestApp) {
  const operator = await signedInOperator(t, 'support');
  const answer = await t.api({ method: 'GET', url: BACKOFFICE_API.sandbox, headers: operator.headers });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe('the sandbox signal', () => {
  it('is on while any party answers from the sandbox: the info lookup and the back-office say so', async () => {
    const info = await sandboxed.api({ method: 'GET', url: '/api/lookup/info' });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ sandbox: true });
    expect(await backofficeStatus(sandboxed)).toEqual({ sandbox: true, active: true });
  });

  it('stays on with SANDBOX on and every configurable party real: BCEL OneProof slips have only the sandbox', async () => {
    // No real OneProof verifier exists (docs/parties/slip-verifier.md, BCEL OneProof): with SANDBOX on, the
    // sandbox's answers OneProof slips, so a sandbox party is always active. lib/sandbox-label.test.ts holds the
    // rule itself, without that party.
    expect((await real.api({ method: 'GET', url: '/api/lookup/info' })).json()).toMatchObject({ sandbox: true });
    expect(await backofficeStatus(real)).toEqual({ sandbox: true, active: true });
  });

  it('is off without SANDBOX', async () => {
    const production = await startTestApp({ SANDBOX: '0' });
    try {
      const info = await production.api({ method: 'GET', url: '/api/lookup/info' });
      expect(info.statusCode).toBe(200);
      expect(info.json()).not.toHaveProperty('sandbox');
      expect(await backofficeStatus(production)).toEqual({ sandbox: false, active: false });
    } finally {
      await production.close();
    }
  });
});

describe('QR answers', () => {
  it('carry sandbox: true from a sandbox gateway, on creation and on every read of the live QR', async () => {
    const player = await fundedMember(sandboxed);
    const created = await post(sandboxed, player, '/api/qrcode/KBANK', { amount: 100 });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ hasQrcode: true, sandbox: true });
    expect((await get(sandboxed, player, '/api/qrcode/KBANK')).json()).toMatchObject({
      hasQrcode: true,
      sandbox: true,
    });
  });

  it('carry no sandbox key from a real gateway, nor when there is no QR at all', async () => {
    const player = await fundedMember(real);
    const created = await post(real, player, '/api/qrcode/KBANK', { amount: 100 });
    expect(created.json()).toMatchObject({ hasQrcode: true });
    expect(created.json()).not.toHaveProperty('sandbox');
    expect((await get(real, player, '/api/qrcode/KBANK')).json()).not.toHaveProperty('sandbox');
    const none = await get(sandboxed, await fundedMember(sandboxed), '/api/qrcode/KBANK');
    expect(none.json()).toMatchObject({ hasQrcode: false, message: 'NO_DATA' });
    expect(none.json()).not.toHaveProperty('sandbox');
  });
});

describe('slip answers', () => {
  it('carry sandbox: true when the sandbox verifier answered, in the upload answer and the slip list', async () => {
    const player = await member(sandboxed);
    const upload = await uploadSlip(sandboxed, player.token, [{ bytes: await slipOf(sandboxed, player, 321) }]);
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({ message: 'SUCCESS', slip: { status: 'SUCCESS', sandbox: true } });
    expect(await slipList(sandboxed, player)).toMatchObject([{ status: 'SUCCESS', sandbox: true }]);
  });

  it('carry no sandbox key when no verifier was asked (a picture without a slip QR)', async () => {
    const player = await member(sandboxed);
    const upload = await uploadSlip(sandboxed, player.token, [{ bytes: blankPng(400, 400) }]);
    expect(upload.json().slip).toMatchObject({ status: 'FAILED' });
    expect(upload.json().slip).not.toHaveProperty('sandbox');
  });

  it('carry no sandbox key when a real verifier answered', async () => {
    const player = await member(real);
    const upload = await uploadSlip(real, player.token, [{ bytes: await slipOf(host, player, 321) }]);
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json()).toMatchObject({ message: 'SUCCESS', slip: { status: 'SUCCESS' } });
    expect(upload.json().slip).not.toHaveProperty('sandbox');
    const [listed] = await slipList(real, player);
    expect(listed).toMatchObject({ status: 'SUCCESS' });
    expect(listed).not.toHaveProperty('sandbox');
  });
});

describe('TrueMoney answers', () => {
  it('carry sandbox: true from the sandbox voucher party, and no key from a real one', async () => {
    const inSandbox = await sendGiftLink(sandboxed, sandboxed, await fundedMember(sandboxed), 20);
    expect(inSandbox.statusCode, inSandbox.body).toBe(200);
    expect(inSandbox.json()).toMatchObject({ status: 'SUCCESS', sandbox: true });
    const atReal = await sendGiftLink(real, host, await fundedMember(real), 20);
    expect(atReal.statusCode, atReal.body).toBe(200);
    expect(atReal.json()).toMatchObject({ status: 'SUCCESS' });
    expect(atReal.json()).not.toHaveProperty('sandbox');
  });
});

describe('game answers', () => {
  it("carry sandbox: true from a sandbox provider: the account, the wallet's slot and the launch link", async () => {
    await seedCatalogue(sandboxed);
    const player = await fundedMember(sandboxed);
    const account = await activate(sandboxed, player, 'PG');
    expect(account).toMatchObject({ sandbox: true });
    expect((await get(sandboxed, player, '/api/wallet/account/PG')).json()).toMatchObject({ sandbox: true });
    const slots = (await get(sandboxed, player, '/api/wallet')).json().slots as Record<string, unknown>[];
    expect(slots.find((slot) => slot.code === 'PG')).toMatchObject({ isActive: true, sandbox: true });
    const launch = await get(sandboxed, player, `/api/autoLogin/pg/${account.username}`);
    expect(launch.statusCode, launch.body).toBe(200);
    expect(launch.json()).toMatchObject({ sandbox: true });
  });

  it('carry no sandbox key from a real provider', async () => {
    await real.app.db
      .insertInto('game_providers')
      .values({
        code: 'PG',
        name: 'PG Soft',
        category: 'slot',
        logo: '',
        background: '',
        web: null,
        android: null,
        ios: null,
        adapter: 'http',
        api_base_url: `${ownBaseUrl(host.app)}/sandbox/games/PG`,
      })
      .execute();
    const player = await fundedMember(real);
    const account = await activate(real, player, 'PG');
    expect(account).not.toHaveProperty('sandbox');
    const slots = (await get(real, player, '/api/wallet')).json().slots as Record<string, unknown>[];
    expect(slots.find((slot) => slot.code === 'PG')).not.toHaveProperty('sandbox');
    const launch = await get(real, player, `/api/autoLogin/pg/${account.username}`);
    expect(launch.statusCode, launch.body).toBe(200);
    expect(launch.json()).not.toHaveProperty('sandbox');
  });
});
