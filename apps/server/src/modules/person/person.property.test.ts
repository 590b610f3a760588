import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusCall, definition, TEST_APP_ENV } from '../../../test/bonus.ts';
import { activate, seedCatalogue } from '../../../test/games.ts';
import { nextAccountNo, nextHolderName, registration, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { type Account, call, register, selfExclude, signIn } from '../../../test/people.ts';

/**
 * A person with many phones and bank accounts (docs/accounts.md, One person behind the accounts, "What an abuser
 * gains"): random sequences of registrations (the name with or without a title, in Thai or Latin letters, cut
 * short, a letter off; or another name with the main account's number at another bank, or on its device), QR
 * deposits, transfers into a game and welcome bonuses, with the main account's self-exclusion at a random moment.
 * Whatever the order: once excluded, no account of the person is credited money, moves money into a game or
 * registers, and the welcome bonus is received at most once by all of them together, but for the accounts in Thai
 * letters: before an exclusion, a name in the other script is found only with another signal (docs/accounts.md).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(TEST_APP_ENV);
  await seedCatalogue(t);
  await t.app.bonuses.define(definition('WELCOME'));
});
afterAll(() => t.close());

/** Names far apart from each other, in Thai and in a Latin spelling the name rule reads as the same. */
const FIRST_NAMES = [
  ['สมพร', 'SOMPORN'],
  ['ประเสริฐ', 'PRASERT'],
  ['ณัฐพล', 'NATTHAPHON'],
  ['กิตติศักดิ์', 'KITTISAK'],
  ['สุทธิพงษ์', 'SUTTHIPHONG'],
  ['รัตนา', 'RATTANA'],
] as const;
const SURNAMES = [
  ['รักดี', 'RAKDEE'],
  ['ใจดี', 'JAIDEE'],
  ['เจริญ', 'CHAROEN'],
  ['สุวรรณ', 'SUWAN'],
] as const;

/** A person of their own for each run (at most 24 runs). */
function person(run: number) {
  const [thaiFirst, latinFirst] = FIRST_NAMES[run % FIRST_NAMES.length] ?? FIRST_NAMES[0];
  const [thaiLast, latinLast] = SURNAMES[Math.floor(run / FIRST_NAMES.length) % SURNAMES.length] ?? SURNAMES[0];
  return { latinFirst, latinLast, thai: `${thaiFirst} ${thaiLast}`, latin: `${latinFirst} ${latinLast}` };
}

type Variant = 'same' | 'title' | 'thai' | 'cut' | 'typo' | 'number' | 'device';
type Action =
  | { kind: 'register'; variant: Variant }
  | { kind: 'qr' | 'game' | 'welcome'; account: number }
  | { kind: 'exclude' };

const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom<Variant>('same', 'title', 'thai', 'cut', 'typo', 'number', 'device')
      .map((variant) => ({ kind: 'register' as const, variant })),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('qr' as const, 'game' as const, 'welcome' as const),
      account: fc.nat(9),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'exclude' as const }) },
);

interface Run {
  main: Account & { bankAccountNo: string };
  accounts: Account[];
  /** The accounts registered in Thai letters. */
  thai: Set<bigint>;
  excluded: boolean;
}

function fields(run: number, variant: Variant, main: Run['main']): Record<string, unknown> {
  const { latin, thai, latinFirst, latinLast } = person(run);
  const fresh = { bankCode: 'SCB', bankAccountNo: nextAccountNo() };
  switch (variant) {
    case 'same':
      return { ...fresh, bankAccountName: latin };
    case 'title':
      return { ...fresh, bankAccountName: `MRS. ${latin}` };
    case 'thai':
      return { ...fresh, bankAccountName: `นาง ${thai}` };
    case 'cut':
      return { ...fresh, bankAccountName: `${latinFirst} ${latinLast.slice(0, 1)}` };
    case 'typo':
      return { ...fresh, bankAccountName: `${latinFirst} ${latinLast.slice(0, -1)}I` };
    case 'number':
      return { bankCode: 'SCB', bankAccountNo: main.bankAccountNo, bankAccountName: nextHolderName() };
    case 'device':
      return { ...fresh, bankAccountName: nextHolderName() };
  }
}

/**
 * Registers and signs in (on the device of `cookie`); the account, or the registration's refusal. An account signed
 * in to the limited session of a block keeps that session's token: every money call of it is refused.
 */
async function newAccount(
  body: Record<string, unknown>,
  cookie?: string,
): Promise<(Account & { limited: boolean }) | number> {
  const answer = await register(t, body);
  if (answer.statusCode !== 200) return answer.statusCode;
  const row = await t.app.db
    .selectFrom('members')
    .select('id')
    .where('phone', '=', String(body.username))
    .executeTakeFirstOrThrow();
  const login = await signIn(t, String(body.username), String(body.password), cookie);
  const limited = login.statusCode === 403;
  if (!limited) expect(login.statusCode, login.body).toBe(200);
  const made = {
    id: row.id,
    publicId: answer.json()._id,
    phone: String(body.username),
    password: String(body.password),
    token: limited ? login.json().session.token : login.json().token,
    cookie: String(login.headers['set-cookie']).split(';')[0] ?? '',
    limited,
  };
  if (!limited) await activate(t, { id: made.id, token: made.token, phone: made.phone }, 'PG');
  return made;
}

/** The wallet of the account in minor units, read from the ledger (its session may have ended). */
async function walletMinor(account: Account): Promise<bigint> {
  const row = await t.app.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('member_id', '=', account.id)
    .where('kind', '=', 'member_wallet')
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

async function step(run: Run, runNumber: number, next: Action): Promise<void> {
  if (next.kind === 'exclude') {
    if (!run.excluded) await selfExclude(t, run.main);
    run.excluded = true;
    return;
  }
  if (next.kind === 'register') {
    const body = registration(fields(runNumber, next.variant, run.main));
    const made = await newAccount(body, next.variant === 'device' ? run.main.cookie : undefined);
    // A new name and a new number on the person's device: registered (nothing to know it by yet), and its first
    // sign-in, on that device, is the limited session of the block.
    if (run.excluded && next.variant === 'device') expect(made).toMatchObject({ limited: true });
    else if (run.excluded) expect(made, `${next.variant} registered after the exclusion`).toBeTypeOf('number');
    if (typeof made !== 'number') run.accounts.push(made);
    if (typeof made !== 'number' && next.variant === 'thai') run.thai.add(made.id);
    return;
  }
  const account = run.accounts[next.account % run.accounts.length] as Account;
  const before = await walletMinor(account);
  if (next.kind === 'qr') {
    const created = await call(t, account.token, 'POST', '/api/qrcode/KBANK', { amount: 100 });
    if (created.statusCode === 200) {
      await t.app.inject({
        method: 'POST',
        url: '/sandbox/payments/KBANK/pay',
        payload: { qrcodeId: created.json().qrcodeId },
      });
    }
    if (run.excluded) expect(await walletMinor(account), 'a QR credited after the exclusion').toBe(before);
  } else if (next.kind === 'game') {
    const moved = await call(t, account.token, 'POST', '/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1 });
    if (run.excluded) expect(moved.statusCode, 'money moved into a game after the exclusion').not.toBe(200);
  } else {
    await bonusCall(t, { id: account.id, token: account.token, phone: account.phone }, '/api/bonus/activate/WELCOME');
  }
}

describe('one person with many phones and bank accounts', () => {
  it('is never credited nor plays once excluded, and receives the welcome bonus at most once', async () => {
    let runNumber = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 9 }), async (actions) => {
        runNumber += 1;
        const bankAccountNo = nextAccountNo();
        const main = await newAccount(
          registration({ bankCode: 'KBANK', bankAccountNo, bankAccountName: person(runNumber).latin }),
        );
        if (typeof main === 'number') throw new Error(`the main account was refused: ${main}`);
        const run: Run = { main: { ...main, bankAccountNo }, accounts: [main], thai: new Set(), excluded: false };
        for (const next of actions) await step(run, runNumber, next);
        const welcomes = await t.app.db
          .selectFrom('member_bonuses')
          .innerJoin('bonuses', 'bonuses.id', 'member_bonuses.bonus_id')
          .select('member_bonuses.id')
          .where('bonuses.code', '=', 'WELCOME')
          .where(
            'member_bonuses.member_id',
            'in',
            run.accounts.filter((account) => !run.thai.has(account.id)).map((account) => account.id),
          )
          .execute();
        expect(welcomes.length).toBeLessThanOrEqual(1);
      }),
      // Not shrunk: each run needs a person of its own and there are 24, so shrinking's further runs would reuse an
      // excluded person and report its refusal instead of the failure (seen at seed 594716347).
      { numRuns: 12, endOnFailure: true },
    );
  });
});
