import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noDrift } from '../../../test/games.ts';
import {
  accountBalanceMinor,
  nextAccountNo,
  registerMember,
  startTestApp,
  type TestApp,
} from '../../../test/helpers.ts';
import { signedInOperator } from '../../../test/operators.ts';
import { kbizStatement, maskedAsKbank, postStatement } from '../../../test/statements.ts';

/**
 * Statement files uploaded in the back-office (docs/backoffice/statement-import.md), on the sandbox's KBANK account
 * 9990001234 (shown `XXX-X-XX123-4`): previewed, imported through the bank feed's matcher, once per line.
 */
const ACCOUNT = '9990001234';
const SHOWN = 'XXX-X-XX123-4';

let t: TestApp;
let finance: Awaited<ReturnType<typeof signedInOperator>>;
beforeAll(async () => {
  t = await startTestApp();
  finance = await signedInOperator(t, 'finance');
});
afterAll(() => t.close());

interface Member {
  id: bigint;
  publicId: string;
  accountNo: string;
}

async function newMember(overrides: Record<string, unknown> = {}): Promise<Member> {
  const registered = await registerMember(t, overrides);
  return { id: registered.id, publicId: registered.publicId, accountNo: registered.bankAccountNo };
}

/** Previews then imports a file; answers the import's body. */
async function importFile(bytes: Buffer, headers = finance.headers) {
  const preview = await postStatement(t, 'preview', headers, { accountNo: ACCOUNT, bytes });
  expect(preview.statusCode, preview.body).toBe(200);
  const answer = await postStatement(t, 'import', headers, {
    accountNo: ACCOUNT,
    bytes,
    fileSha256: preview.json().fileSha256,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function transferCount(): Promise<number> {
  const row = await t.app.db
    .selectFrom('bank_transfers')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const wallet = (member: Member) => accountBalanceMinor(t, 'member_wallet', member.id);

describe('statement import: the accounts', () => {
  it("lists the deposit channels' bank accounts with the layouts of their bank", async () => {
    const answer = await t.api({ method: 'GET', url: BACKOFFICE_API.statementAccounts, headers: finance.headers });
    expect(answer.statusCode).toBe(200);
    const accounts = answer.json().accounts as { accountNo: string; formats: string[] }[];
    expect(accounts).toContainEqual(
      expect.objectContaining({ accountNo: ACCOUNT, bankCode: 'KBANK', mode: 'AUTO', formats: ['kbank-kbiz-csv'] }),
    );
    expect(accounts).toContainEqual(expect.objectContaining({ accountNo: '9990005678', bankCode: 'SCB', formats: [] }));
  });
});

describe('statement import: recording', () => {
  it('previews, then credits the one member a line fits, once, with the line in the audit log', async () => {
    const member = await newMember({ bankCode: 'KBANK', bankAccountName: 'somchai jaidee' });
    const stranger = maskedAsKbank(nextAccountNo());
    const bytes = kbizStatement({
      accountShown: SHOWN,
      period: '25/11/2026 - 25/11/2026',
      from: '25-11-26',
      lines: [
        {
          date: '25-11-26',
          time: '09:40',
          amount: '1,500.25',
          details: `From ${maskedAsKbank(member.accountNo)} MR. SOMCHAI JAIDEE++`,
        },
        {
          date: '25-11-26',
          time: '10:00',
          amount: '300.00',
          kind: 'withdrawal',
          details: 'To SCB X9988 MEMBER WALLET CO++',
        },
        { date: '25-11-26', time: '11:00', amount: '20.00', details: `From GSB ${stranger}` },
      ],
    });
    const preview = await postStatement(t, 'preview', finance.headers, { accountNo: ACCOUNT, bytes });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      accountNo: ACCOUNT,
      accountShown: SHOWN,
      period: { from: '2026-11-25', to: '2026-11-25' },
      debitLines: 1,
      credits: [
        {
          row: 13,
          amountMinor: '150025',
          transferredAt: '2026-11-25T02:40:00.000Z',
          sender: { bankCode: 'KBANK', accountNo: maskedAsKbank(member.accountNo), name: 'MR. SOMCHAI JAIDEE…' },
          state: 'new',
        },
        { row: 15, amountMinor: '2000', sender: { bankCode: 'GSB', accountNo: stranger, name: null }, state: 'new' },
      ],
    });
    // A preview records nothing.
    expect(await wallet(member)).toBe(0n);

    const result = await importFile(bytes);
    expect(result.counts).toEqual({ matched: 1, unmatched: 1, duplicate: 0, conflict: 0, elsewhere: 0 });
    expect(result.lines[0]).toMatchObject({ row: 13, outcome: 'matched', member: { id: member.publicId } });
    expect(result.lines[1]).toMatchObject({ row: 15, outcome: 'unmatched', reason: 'no_member', member: null });
    expect(result.lines[1].transferId).toMatch(/^\d+$/);
    expect(await wallet(member)).toBe(150_025n);

    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'statement.import')
      .where('actor', '=', finance.username)
      .executeTakeFirstOrThrow();
    expect(audit.target).toBe(`bank-account:${ACCOUNT}`);
    expect(audit.after).toMatchObject({
      format: 'kbank-kbiz-csv',
      fileSha256: result.fileSha256,
      credits: 2,
      outcomes: { matched: 1, unmatched: 1 },
    });
    expect(await noDrift(t)).toBe(true);
  });

  it('records nothing twice: the same file again, or a later file that holds the same day', async () => {
    const member = await newMember({ bankCode: 'KTB', bankAccountName: 'malee suksan' });
    const line = {
      date: '26-11-26',
      time: '08:15',
      amount: '700.00',
      details: `From KTB ${maskedAsKbank(member.accountNo)}`,
    };
    const dayOne = kbizStatement({
      accountShown: SHOWN,
      period: '26/11/2026 - 26/11/2026',
      from: '26-11-26',
      lines: [line, line],
    });
    const first = await importFile(dayOne);
    expect(first.counts.matched).toBe(2);
    expect(await wallet(member)).toBe(140_000n);

    const again = await importFile(dayOne);
    expect(again.counts).toEqual({ matched: 0, unmatched: 0, duplicate: 2, conflict: 0, elsewhere: 0 });
    expect(again.lines[0]).toMatchObject({ outcome: 'duplicate', member: { id: member.publicId } });

    const twoDays = kbizStatement({
      accountShown: SHOWN,
      period: '26/11/2026 - 27/11/2026',
      from: '26-11-26',
      lines: [line, line, { ...line, date: '27-11-26', time: '09:00' }],
    });
    const preview = await postStatement(t, 'preview', finance.headers, { accountNo: ACCOUNT, bytes: twoDays });
    expect(preview.json().credits.map((credit: { state: string }) => credit.state)).toEqual([
      'recorded',
      'recorded',
      'new',
    ]);
    const later = await importFile(twoDays);
    expect(later.counts).toMatchObject({ matched: 1, duplicate: 2 });
    expect(await wallet(member)).toBe(210_000n);
    expect(await noDrift(t)).toBe(true);
  });

  it('puts a line whose sender fits two members in suspense', async () => {
    const suffix = '5151';
    // Six digits that hold the account counter (unique), then the four the line shows.
    const twin = (accountNo: string) => `${accountNo.slice(4, 10)}${suffix}`;
    const one = await newMember({ bankCode: 'BAY', bankAccountNo: twin(nextAccountNo()) });
    const other = await newMember({ bankCode: 'BAY', bankAccountNo: twin(nextAccountNo()) });
    const bytes = kbizStatement({
      accountShown: SHOWN,
      period: '28/11/2026 - 28/11/2026',
      from: '28-11-26',
      lines: [{ date: '28-11-26', time: '12:00', amount: '55.00', details: `From BAY X${suffix}` }],
    });
    const suspenseBefore = await accountBalanceMinor(t, 'suspense');
    const result = await importFile(bytes);
    expect(result.lines).toMatchObject([{ outcome: 'unmatched', reason: 'several_members', member: null }]);
    expect(await accountBalanceMinor(t, 'suspense')).toBe(suspenseBefore + 5_500n);
    expect([await wallet(one), await wallet(other)]).toEqual([0n, 0n]);
  });

  it('does not record again a transfer the bank feed recorded: same amount, sender bank and minute', async () => {
    const member = await newMember({ bankCode: 'SCB' });
    const injected = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/transfers',
      payload: {
        fromBankCode: 'SCB',
        fromAccountNo: member.accountNo,
        amount: 321.5,
        transferredAt: '2026-11-29T03:15:42.000Z',
      },
    });
    expect(injected.statusCode, injected.body).toBe(200);
    expect((await t.app.bankFeedMatcher.runOnce()).outcomes.matched).toBe(1);
    const bytes = kbizStatement({
      accountShown: SHOWN,
      period: '29/11/2026 - 29/11/2026',
      from: '29-11-26',
      lines: [
        { date: '29-11-26', time: '10:15', amount: '321.50', details: `From SCB ${maskedAsKbank(member.accountNo)}` },
      ],
    });
    const preview = await postStatement(t, 'preview', finance.headers, { accountNo: ACCOUNT, bytes });
    expect(preview.json().credits).toMatchObject([{ state: 'elsewhere', recordedAs: injected.json().reference }]);
    const result = await importFile(bytes);
    expect(result.lines).toMatchObject([{ outcome: 'elsewhere', recordedAs: injected.json().reference }]);
    expect(await wallet(member)).toBe(32_150n);
  });
});

describe('statement import: refusals', () => {
  const good = () =>
    kbizStatement({
      accountShown: SHOWN,
      period: '30/11/2026 - 30/11/2026',
      from: '30-11-26',
      lines: [
        { date: '30-11-26', time: '09:00', amount: '10.00', details: 'From KTB X1111' },
        { date: '30-11-26', time: '09:01', amount: '11.00', details: 'From KTB X2222' },
        { date: '30-11-26', time: '09:02', amount: '12.00', details: 'From KTB X3333' },
      ],
    });

  it('refuses a file out of the layout whole, naming the row, and records nothing, at preview and at import', async () => {
    const broken = Buffer.from(good().toString('utf8').replace(',12.00,', ',12.0,'), 'utf8');
    const before = await transferCount();
    for (const step of ['preview', 'import'] as const) {
      const answer = await postStatement(t, step, finance.headers, {
        accountNo: ACCOUNT,
        bytes: broken,
        fileSha256: 'a'.repeat(64),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        message: 'STATEMENT_INVALID',
        detail: JSON.stringify({ row: 15, problem: 'amount' }),
      });
    }
    expect(await transferCount()).toBe(before);
  });

  it("refuses another account's statement, a layout not of the account's bank, a changed file and an oversize one", async () => {
    const other = kbizStatement({
      accountShown: 'XXX-X-XX999-9',
      period: '30/11/2026 - 30/11/2026',
      from: '30-11-26',
      lines: [],
    });
    const answer = await postStatement(t, 'preview', finance.headers, { accountNo: ACCOUNT, bytes: other });
    expect(answer.json()).toEqual({
      message: 'STATEMENT_INVALID',
      detail: JSON.stringify({ row: 5, problem: 'account' }),
    });

    const scb = await postStatement(t, 'preview', finance.headers, { accountNo: '9990005678', bytes: good() });
    expect([scb.statusCode, scb.json()]).toEqual([400, { message: 'KEY_INVALID', fields: { format: 'KEY_INVALID' } }]);

    const changed = await postStatement(t, 'import', finance.headers, {
      accountNo: ACCOUNT,
      bytes: good(),
      fileSha256: 'b'.repeat(64),
    });
    expect([changed.statusCode, changed.json()]).toEqual([409, { message: 'STATEMENT_CHANGED' }]);

    const huge = Buffer.concat([good(), Buffer.alloc(2 * 1024 * 1024, 0x20)]);
    const tooLarge = await postStatement(t, 'preview', finance.headers, { accountNo: ACCOUNT, bytes: huge });
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([400, { message: 'STATEMENT_TOO_LARGE' }]);
  });

  it('refuses support operators and callers without a token, before reading anything', async () => {
    const support = await signedInOperator(t, 'support');
    for (const step of ['preview', 'import'] as const) {
      const answer = await postStatement(t, step, support.headers, {
        accountNo: ACCOUNT,
        bytes: good(),
        fileSha256: 'a'.repeat(64),
      });
      expect([answer.statusCode, answer.json()]).toEqual([403, { message: 'FORBIDDEN' }]);
      const anonymous = await postStatement(t, step, {}, { accountNo: ACCOUNT, bytes: good() });
      expect(anonymous.statusCode).toBe(401);
    }
    const accounts = await t.api({ method: 'GET', url: BACKOFFICE_API.statementAccounts, headers: support.headers });
    expect(accounts.statusCode).toBe(403);
  });
});
