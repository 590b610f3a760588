import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountFits, accountPatterns, accountsAgree, nameFits } from './masked-match.ts';

describe('masked account numbers', () => {
  it('compares the visible digits position by position, separators ignored', () => {
    expect(accountFits('xxx-x-x0209-x', '1234502091')).toBe(true);
    expect(accountFits('XXX-X-X0209-X', '9876502095')).toBe(true);
    expect(accountFits('xxx-x-x0209-x', '1234502191')).toBe(false);
    expect(accountFits('***-*-*0209-*', '1234502091')).toBe(true);
    expect(accountFits('123-4-50209-1', '1234502091')).toBe(true);
    expect(accountFits('123-4-50209-2', '1234502091')).toBe(false);
  });

  it('aligns a shorter shown number that starts masked on the right, or one short of it, and refuses other lengths', () => {
    // K-BIZ statements show `X0209`: the last digits, or the four before the last as KBank's slips do. Both fit.
    expect(accountFits('x0209', '1234502091')).toBe(true);
    expect(accountFits('x0209', '1234560209')).toBe(true);
    expect(accountFits('x0209', '1234560219')).toBe(false);
    expect(accountFits('x02091', '1234502091')).toBe(true);
    expect(accountFits('0209', '1234502091')).toBe(false);
    expect(accountFits('xxxxxxxxxxx0209', '1234502091')).toBe(false);
  });

  it('reads Thai, Lao and full-width digits as the digits they are (issue 39, finding 3)', () => {
    expect(accountFits('xxx-x-x๐๒๐๙-x', '1234502091')).toBe(true);
    expect(accountFits('xxx－x－x０２０９－x', '1234502091')).toBe(true);
    expect(accountFits('xxx-x-x໐໒໐໙-x', '1234502191')).toBe(false);
    expect(accountPatterns('xxx-x-x๐๒๐๙-x')).toEqual(['%_____0209_', '%_____0209__']);
    expect(accountsAgree('xxx-x-x๐๒๐๙-x', '1234502091')).toBe(true);
  });

  it('needs at least four visible digits, and nothing but digits, masks and separators', () => {
    expect(accountFits('xxx-x-xx209-x', '1234502091')).toBe(false);
    expect(accountFits('xxx-x-x0209-x', '')).toBe(false);
    expect(accountFits('', '1234502091')).toBe(false);
    expect(accountFits('abc-x-x0209-x', '1234502091')).toBe(false);
  });

  it('tells whether two showings of an account, each masked its own way, can be one account', () => {
    expect(accountsAgree('xxx-x-x0209-x', '1234502091')).toBe(true);
    expect(accountsAgree('xxx-x-x0209-x', 'XXXXXX2091')).toBe(true);
    expect(accountsAgree('123-4-5xxxx-x', 'xxx-x-x0209-x')).toBe(true);
    expect(accountsAgree('xxx-x-x0209-x', 'XXXXXX2191')).toBe(false);
    expect(accountsAgree('xxx-x-x0209-x', '1234502191')).toBe(false);
    expect(accountsAgree('x02091', '1234502091')).toBe(true);
    expect(accountsAgree('02091', '1234502091')).toBe(false);
    expect(accountsAgree('X0209', 'xxx-x-x0209-x')).toBe(true);
  });

  it('gives the SQL LIKE patterns of the shown number, or null when too little is visible', () => {
    expect(accountPatterns('xxx-x-x0209-x')).toEqual(['%_____0209_', '%_____0209__']);
    expect(accountPatterns('x02091')).toEqual(['%_02091', '%_02091_']);
    expect(accountPatterns('1234502091')).toEqual(['1234502091']);
    expect(accountPatterns('xxx-x-xxx09-x')).toBeNull();
  });

  it('a registered number always fits itself, and any masking of it that leaves four digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10,12}$/),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (account, hidden) => {
          const shown = [...account].map((digit, index) => (hidden[index] ? 'x' : digit)).join('');
          const visible = [...shown].filter((char) => char !== 'x').length;
          expect(accountFits(shown, account)).toBe(visible >= 4);
          expect(accountFits(account, account)).toBe(true);
        },
      ),
    );
  });

  it('a shown number never fits an account that differs in a visible digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), fc.integer({ min: 0, max: 9 }), (account, position) => {
        const other = [...account];
        other[position] = String((Number(other[position]) + 1) % 10);
        const shown = [...account].map((digit, index) => (index === position || index >= 6 ? digit : 'x')).join('');
        expect(accountFits(shown, other.join(''))).toBe(false);
      }),
    );
  });
});

describe('account names', () => {
  it('drops titles, case and spacing, in Thai, Lao and English', () => {
    expect(nameFits('นาย สมชาย ใจดี', 'สมชาย  ใจดี')).toBe('match');
    expect(nameFits('นางสาวสมหญิง ใจดี', 'สมหญิง ใจดี')).toBe('match');
    expect(nameFits('น.ส. สมหญิง ใจดี', 'นางสาว สมหญิง ใจดี')).toBe('match');
    expect(nameFits('นาง สมศรี ใจดี', 'สมศรี ใจดี')).toBe('match');
    expect(nameFits('MR. SOMCHAI JAIDEE', 'somchai jaidee')).toBe('match');
    expect(nameFits('Mrs Somsri  Jaidee', 'MRS. SOMSRI JAIDEE')).toBe('match');
    expect(nameFits('MISS SOMYING JAIDEE', 'Somying Jaidee')).toBe('match');
    expect(nameFits('ທ້າວ ສົມສັກ ພົມມະ', 'ສົມສັກ ພົມມະ')).toBe('match');
  });

  it('takes a cut or masked name as a prefix of each word, the first name whole', () => {
    expect(nameFits('นาย สมชาย ใ', 'สมชาย ใจดี')).toBe('match');
    expect(nameFits('MR. SOMCHAI J', 'Somchai Jaidee')).toBe('match');
    expect(nameFits('MR. SOMCHAI JAI***', 'Somchai Jaidee')).toBe('match');
    expect(nameFits('นาย สมชาย ใจxxx', 'สมชาย ใจดี')).toBe('match');
    expect(nameFits('MR. SOMCHAI K', 'Somchai Jaidee')).toBe('mismatch');
    expect(nameFits('MR. SOMCHA JAIDEE', 'Somchai Jaidee')).toBe('mismatch');
    expect(nameFits('นาย สมศักดิ์ ใ', 'สมชาย ใจดี')).toBe('mismatch');
    expect(nameFits('MR. SOMCHAI JAIDEE SMITH', 'Somchai Jaidee')).toBe('mismatch');
  });

  it('cannot tell across scripts or without a name', () => {
    expect(nameFits('MR. SOMCHAI JAIDEE', 'สมชาย ใจดี')).toBe('unknown');
    expect(nameFits('', 'สมชาย ใจดี')).toBe('unknown');
    expect(nameFits('นาย', 'สมชาย ใจดี')).toBe('unknown');
    expect(nameFits(null, 'สมชาย ใจดี')).toBe('unknown');
  });
});
