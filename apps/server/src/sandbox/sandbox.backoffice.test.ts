import { randomUUID } from 'node:crypto';
import { BACKOFFICE_API, backofficePath, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, fundedMember, get, noDrift, type Player, post } from '../../test/games.ts';
import { registerAndLogin, startTestApp, type TestApp } from '../../test/helpers.ts';
import { signedInOperator } from '../../test/operators.ts';
import { UTF8_BOM } from '../lib/csv.ts';

/** The back-office's sandbox controls and the audit export (docs/backoffice/sandbox.md, Sandbox controls). */

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp({ QR_SETTLE_INTERVAL_MS: '0', MONEY_RATE_PER_MINUTE: '1000' });
  admin = await signedInOperator(t, 'admin');
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = admin.headers) {
  return t.api({ method, url, payload, headers });
}

async function liveQr(player: Player, gateway: string, amount: number): Promise<string> {
  const answer = await post(t, player, `/api/qrcode/${gateway}`, { amount }, randomUUID());
  expect(answer.json().hasQrcode, answer.body).toBe(true);
  return answer.json().qrcodeId;
}

function faults(party: string, body: object) {
  return call('PUT', settingsPath(BACKOFFICE_API.sandboxPartyFaults, { party }), body);
}

async function lastAudit(action: string) {
  return t.app.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('sandbox status', () => {
  it('says sandbox mode is on and its parties active, to every operator and nobody else', async () => {
    for (const role of ['finance', 'support'] as const) {
      const operator = await signedInOperator(t, role);
      expect((await call('GET', BACKOFFICE_API.sandbox, undefined, operator.headers)).json()).toEqual({
        sandbox: true,
        active: true,
      });
    }
    expect((await t.api({ method: 'GET', url: BACKOFFICE_API.sandbox })).statusCode).toBe(401);
  });
});

describe('pay a QR', () => {
  it("credits the member's wallet once through the gateway's webhook, audited", async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveQr(player, 'KBANK', 75);
    const url = backofficePath(BACKOFFICE_API.sandboxQrPay, qrcodeId);
    const answer = await call('POST', url, {});
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ qrcodeId, gateway: 'KBANK', amountMinor: '7500', delivered: 1 });
    expect((await balances(t, player)).wallet).toBe(75);
    const row = await t.app.db
      .selectFrom('qr_codes')
      .selectAll()
      .where('qrcode_id', '=', qrcodeId)
      .executeTakeFirstOrThrow();
    expect([row.status, row.paid_amount_minor]).toEqual(['paid', 7500n]);
    const audit = await lastAudit('sandbox.qr_pay');
    expect(audit).toMatchObject({ actor: admin.username, target: `qr:${qrcodeId}` });
    expect(audit.before).toEqual({ status: 'live', amountMinor: '7500' });

    const again = await call('POST', url, {});
    expect([again.statusCode, again.json().message]).toEqual([409, 'QR_ALREADY_PAID']);
    expect((await balances(t, player)).wallet).toBe(75);
    expect(await noDrift(t)).toBe(true);
  });

  it('pays another amount when told, and refuses unknown QRs and bad amounts', async () => {
    const player = await fundedMember(t);
    const qrcodeId = await liveQr(player, 'WW', 100);
    const url = backofficePath(BACKOFFICE_API.sandboxQrPay, qrcodeId);
    for (const amountMinor of ['0', '-5', '1.5', 'abc']) {
      const bad = await call('POST', url, { amountMinor });
      expect([bad.statusCode, bad.json().message], amountMinor).toEqual([400, 'KEY_INVALID']);
    }
    expect((await call('POST', url, { amountMinor: '12345' })).json().amountMinor).toBe('12345');
    expect((await balances(t, player)).wallet).toBe(123.45);
    const unknown = await call('POST', backofficePath(BACKOFFICE_API.sandboxQrPay, 'nope'), {});
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'NO_DATA']);
  });

  it('is for admins only', async () => {
    const finance = await signedInOperator(t, 'finance');
    const answer = await call('POST', backofficePath(BACKOFFICE_API.sandboxQrPay, 'x'), {}, finance.headers);
    expect(answer.statusCode).toBe(403);
  });
});

describe('inject a bank transfer', () => {
  it('adds a line to the sandbox feed that the matcher credits to the sender, audited in one go', async () => {
    const member = await registerAndLogin(t);
    const body = {
      operatorAccountNo: '9990001234',
      senderBankCode: 'KBANK',
      senderAccountNo: member.bankAccountNo,
      amountMinor: '25050',
    };
    const answer = await call('POST', BACKOFFICE_API.sandboxBankTransfers, body);
    expect(answer.statusCode, answer.body).toBe(200);
    const { reference } = answer.json();
    expect((await lastAudit('sandbox.bank_transfer')).after).toEqual({ ...body, currency: 'BAHT', reference });
    expect((await t.app.bankFeedMatcher.runOnce()).outcomes.matched).toBe(1);
    const transfer = await t.app.db
      .selectFrom('bank_transfers')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect([transfer.status, transfer.amount_minor]).toEqual(['matched', 25050n]);
    const wallet = await get(t, { id: 0n, token: member.token, phone: member.username }, '/api/wallet');
    expect(wallet.json().wallet.amount).toBe(250.5);
  });

  it('refuses a malformed transfer and records nothing', async () => {
    const before = await t.app.sandboxDb
      .selectFrom('sandbox_bank_transfers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const body of [
      {},
      { operatorAccountNo: '9990001234', senderBankCode: 'KBANK', senderAccountNo: '123', amountMinor: '0' },
      { operatorAccountNo: 'x', senderBankCode: 'KBANK', senderAccountNo: '123', amountMinor: '100' },
      { operatorAccountNo: '9990001234', senderBankCode: 'kbank', senderAccountNo: '123', amountMinor: '100' },
    ]) {
      const answer = await call('POST', BACKOFFICE_API.sandboxBankTransfers, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const after = await t.app.sandboxDb
      .selectFrom('sandbox_bank_transfers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });
});

describe('faults', () => {
  it('answers what each party plays now', async () => {
    const answer = await call('GET', BACKOFFICE_API.sandboxFaults);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.games).toMatchObject({ latencyMs: 0, errorRate: 0, operations: ['deposit', 'withdraw'] });
    expect(body.payout).toMatchObject({ fault: 'none', webhooks: true });
    expect(body.payments.map((p: { gateway: string }) => p.gateway)).toEqual(['KBANK', 'BCEL', 'WW', 'FP', 'PAYONEX']);
    expect(body.voucher).toEqual({ fault: 'none' });
    expect(body.slipVerifier).toEqual({ fault: 'none', latencyMs: 0 });
    expect(body.bankFeed).toEqual({ fault: 'none' });
  });

  it('makes a gateway refuse QRs until set back, audited with before and after', async () => {
    const player = await fundedMember(t);
    const set = await faults('payments', { gateway: 'FP', fault: 'refuse', latencyMs: 0 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().payments.find((p: { gateway: string }) => p.gateway === 'FP')).toEqual({
      gateway: 'FP',
      fault: 'refuse',
      latencyMs: 0,
    });
    const refused = await post(t, player, '/api/qrcode/FP', { amount: 20 }, randomUUID());
    expect(refused.json()).toMatchObject({ hasQrcode: false, message: 'QR_FAIL' });
    const audit = await lastAudit('sandbox.faults');
    expect(audit).toMatchObject({ target: 'sandbox:payments', actor: admin.username });
    expect((audit.after as { gateway: string; fault: string }[]).find((p) => p.gateway === 'FP')?.fault).toBe('refuse');
    expect((audit.before as { gateway: string; fault: string }[]).find((p) => p.gateway === 'FP')?.fault).toBe('none');
    await faults('payments', { gateway: 'FP', fault: 'none', latencyMs: 0 });
    expect((await post(t, player, '/api/qrcode/FP', { amount: 20 }, randomUUID())).json().hasQrcode).toBe(true);
  });

  it('makes the bank feed unavailable to the matcher', async () => {
    expect((await faults('bankFeed', { fault: 'unavailable' })).statusCode).toBe(200);
    expect((await t.app.bankFeedMatcher.runOnce()).feedReachable).toBe(false);
    await faults('bankFeed', { fault: 'none' });
    expect((await t.app.bankFeedMatcher.runOnce()).feedReachable).toBe(true);
  });

  it('sets the game providers, payout party, voucher party and slip verifier as their sandboxes read them', async () => {
    const games = {
      latencyMs: 5,
      errorRate: 1,
      timeoutRate: 0,
      appliedThenTimeoutRate: 0,
      lateApplyMs: 0,
      operations: ['deposit'],
    };
    expect((await faults('games', games)).json().games).toEqual(games);
    expect(t.app.sandboxParties.gameFaults?.roll('ANY', 'deposit')).toBe('error');
    const payout = { fault: 'unavailable', delayMs: 0, failRate: 0.5, webhooks: false };
    expect((await faults('payout', payout)).json().payout).toEqual(payout);
    expect(t.app.sandboxParties.payout && (await t.app.sandboxParties.payout.currentSettings())).toMatchObject(payout);
    expect((await faults('voucher', { fault: 'lostAnswer' })).json().voucher).toEqual({ fault: 'lostAnswer' });
    expect(t.app.sandboxParties.voucher?.fault).toBe('lostAnswer');
    const slip = { fault: 'captcha', latencyMs: 10 };
    expect((await faults('slipVerifier', slip)).json().slipVerifier).toEqual(slip);
    // Back to normal service for the rest of the file.
    await faults('games', { ...games, latencyMs: 0, errorRate: 0, operations: ['deposit', 'withdraw'] });
    await faults('payout', { fault: 'none', delayMs: 0, failRate: 0, webhooks: true });
    await faults('voucher', { fault: 'none' });
    await faults('slipVerifier', { fault: 'none', latencyMs: 0 });
  });

  it('refuses an unknown party or a setting out of bounds', async () => {
    for (const [party, body] of [
      ['bank', { fault: 'none' }],
      ['voucher', { fault: 'explode' }],
      [
        'games',
        { latencyMs: 0, errorRate: 2, timeoutRate: 0, appliedThenTimeoutRate: 0, lateApplyMs: 0, operations: [] },
      ],
      ['payments', { gateway: 'XX', fault: 'none', latencyMs: 0 }],
      ['slipVerifier', { fault: 'none', latencyMs: 999_999 }],
    ] as const) {
      const answer = await faults(party, body);
      expect([answer.statusCode, answer.json().message], party).toEqual([400, 'KEY_INVALID']);
    }
  });
});

describe('audit CSV', () => {
  it('streams the audit log of the filters, newest first, for admins only', async () => {
    const answer = await call('GET', `${BACKOFFICE_API.auditCsv}?action=sandbox.faults&actor=${admin.username}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.body.startsWith(UTF8_BOM)).toBe(true);
    const lines = answer.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('id,at,actor,action,target,before,after,ip');
    const page = (
      await call('GET', `${BACKOFFICE_API.audit}?action=sandbox.faults&actor=${admin.username}&limit=100`)
    ).json();
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(page.total);
    expect(rows.map((line) => line.split(',')[0])).toEqual(page.entries.map((entry: { id: string }) => entry.id));
    expect(rows[0]).toContain(`,${admin.username},sandbox.faults,sandbox:`);
    // The JSON of before and after is one quoted field.
    expect(rows[0]).toMatch(/,"\{""fault"":/);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="audit-sandbox.faults.csv"');
    const odd = await call('GET', `${BACKOFFICE_API.auditCsv}?action=${encodeURIComponent('a"\r\nx: y')}`);
    expect([odd.statusCode, odd.headers['content-disposition'], odd.body]).toEqual([
      200,
      'attachment; filename="audit.csv"',
      `${UTF8_BOM}id,at,actor,action,target,before,after,ip\r\n`,
    ]);
    const finance = await signedInOperator(t, 'finance');
    expect((await call('GET', BACKOFFICE_API.auditCsv, undefined, finance.headers)).statusCode).toBe(403);
  });

  it('reads every row once, batch after batch', async () => {
    const all = [];
    for await (const entry of t.app.backoffice.audit.all({}, 3)) all.push(entry.id);
    const page = (await call('GET', `${BACKOFFICE_API.audit}?limit=100`)).json();
    expect(all).toEqual(page.entries.map((entry: { id: string }) => entry.id));
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('outside sandbox mode', () => {
  it('answers sandbox: false, and the controls do not exist', async () => {
    const real = await startTestApp({ SANDBOX: '0' });
    try {
      const operator = await signedInOperator(real, 'admin');
      const status = await real.api({ method: 'GET', url: BACKOFFICE_API.sandbox, headers: operator.headers });
      expect(status.json()).toEqual({ sandbox: false, active: false });
      for (const [method, url] of [
        ['POST', backofficePath(BACKOFFICE_API.sandboxQrPay, 'x')],
        ['POST', BACKOFFICE_API.sandboxBankTransfers],
        ['GET', BACKOFFICE_API.sandboxFaults],
        ['PUT', settingsPath(BACKOFFICE_API.sandboxPartyFaults, { party: 'games' })],
      ] as const) {
        const answer = await real.api({
          method,
          url,
          headers: operator.headers,
          payload: method === 'GET' ? undefined : {},
        });
        expect(answer.statusCode, url).toBe(404);
      }
      expect(real.app.backoffice.endpoints.map((e) => e.url)).not.toContain(BACKOFFICE_API.sandboxFaults);
    } finally {
      await real.close();
    }
  });
});
