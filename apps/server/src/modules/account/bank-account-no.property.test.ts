import {
  BANK_ACCOUNT_NO_FORMATS,
  bankAccountNoFormat,
  canonicalBankAccountNo,
} from '@member-wallet/contract/bank-account-no';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, nextPhone, registration, startTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * The canonical form of a bank account number (docs/accounts.md, Bank account numbers): however a member spells
 * one number (spaces, dashes, dots, Thai, Lao or full-width digits), it is one form; a number of the wrong length
 * for its bank is refused; and two members never hold one account, however each spelled it.
 */

const THAI = '๐๑๒๓๔๕๖๗๘๙';
const LAO = '໐໑໒໓໔໕໖໗໘໙';
const FULL_WIDTH = '０１２３４５６７８９';
const SEPARATORS = [' ', '-', '.', '\u00a0', '–', '－', '\u3000'];

/** One digit as any of the scripts writes it. */
const digitSpelling = (digit: string) =>
  fc.constantFrom(digit, THAI[Number(digit)] ?? digit, LAO[Number(digit)] ?? digit, FULL_WIDTH[Number(digit)] ?? digit);

/** A spelling of `digits`: each digit in some script, separators between some of them and around them. */
function spelling(digits: string): fc.Arbitrary<string> {
  const parts = [...digits].map((digit) =>
    fc
      .tuple(digitSpelling(digit), fc.array(fc.constantFrom(...SEPARATORS), { maxLength: 2 }))
      .map(([written, after]) => written + after.join('')),
  );
  return fc
    .tuple(fc.array(fc.constantFrom(' ', '-'), { maxLength: 2 }), ...parts)
    .map(([before, ...rest]) => before.join('') + rest.join(''));
}

const bankCode = fc.constantFrom(...Object.keys(BANK_ACCOUNT_NO_FORMATS));

/** A bank and a number of a length the bank takes. */
const account = bankCode.chain((bank) => {
  const { min, max } = bankAccountNoFormat(bank);
  return fc
    .integer({ min, max })
    .chain((length) => fc.stringMatching(new RegExp(`^[0-9]{${length}}$`)))
    .map((digits) => ({ bank, digits }));
});

describe('the canonical form of an account number', () => {
  it('is one form for every spelling of one number', () => {
    fc.assert(
      fc.property(
        account.chain(({ bank, digits }) => fc.tuple(fc.constant(bank), fc.constant(digits), spelling(digits))),
        ([bank, digits, spelled]) => {
          expect(canonicalBankAccountNo(bank, spelled)).toEqual({ accountNo: digits });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses every length the bank does not take, however it is spelled', () => {
    const wrong = bankCode.chain((bank) => {
      const { min, max } = bankAccountNoFormat(bank);
      return fc
        .oneof(fc.integer({ min: 1, max: min - 1 }), fc.integer({ min: max + 1, max: 30 }))
        .chain((length) => fc.stringMatching(new RegExp(`^[0-9]{${length}}$`)))
        .chain((digits) => fc.tuple(fc.constant(bank), spelling(digits)));
    });
    fc.assert(
      fc.property(wrong, ([bank, spelled]) => {
        expect(canonicalBankAccountNo(bank, spelled)).toEqual({ problem: 'BANK_ACCOUNT_NO_LENGTH' });
      }),
      { numRuns: 500 },
    );
  });
});

describe('two members never hold one account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const thaiAccount = fc
    .constantFrom('KBANK', 'SCB', 'GSB', 'BAAC')
    .chain((bank) =>
      fc.stringMatching(new RegExp(`^[0-9]{${bankAccountNoFormat(bank).min}}$`)).map((digits) => ({ bank, digits })),
    );

  it('registers one of several spellings of one account, and refuses the others with EXISTING_BANK', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        thaiAccount.chain(({ bank, digits }) =>
          fc.tuple(fc.constant(bank), fc.constant(digits), fc.array(spelling(digits), { minLength: 2, maxLength: 4 })),
        ),
        async ([bank, digits, spellings]) => {
          if (seen.has(`${bank}:${digits}`)) return;
          seen.add(`${bank}:${digits}`);
          const answers = [];
          for (const bankAccountNo of spellings) {
            const payload = registration({ bankCode: bank, bankAccountNo, username: nextPhone() });
            const answer = await t.api({ method: 'POST', url: '/api/account', payload, remoteAddress: nextAddress() });
            answers.push(answer.json().message);
          }
          expect(answers).toEqual(['SUCCESS', ...Array(spellings.length - 1).fill('EXISTING_BANK')]);
          const held = await t.app.db
            .selectFrom('members')
            .select('bank_account_no')
            .where('bank_code', '=', bank)
            .where('bank_account_no', '=', digits)
            .execute();
          expect(held).toEqual([{ bank_account_no: digits }]);
        },
      ),
      { numRuns: 12 },
    );
  });
});
