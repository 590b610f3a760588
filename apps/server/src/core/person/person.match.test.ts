import { describe, expect, it } from 'vitest';
import { type PersonFacts, sameHolderName, signalsBetween, strengthOf } from './person.match.ts';

/** The person rule by hand (docs/accounts.md, One person behind the accounts). */

describe('one holder name', () => {
  it.each([
    ['นาย สมชาย ใจดี', 'สมชาย ใจดี'],
    ['นาย สมชาย ใจดี', 'MR SOMCHAI JAIDEE'],
    ['SOMCHAI JAIDEE', 'somchai  jaide'],
    ['SOMCHAI JAIDEE', 'MR. SOMCHAI J'],
    ['นางสาวศิริพร รักดี', 'SIRIPORN RAKDEE'],
  ])('%s and %s are one name', (a, b) => {
    expect(sameHolderName(a, b)).toBe(true);
  });

  it.each([
    ['SOMCHAI JAIDEE', 'SOMSAK JAIDEE'],
    ['SOMCHAI JAIDEE', 'SOMCHAI'],
    ['SOMCHAI JAIDEE', 'SOMEONE ELSE'],
    ['ສົມໃຈ ດີ', 'SOMCHAI DEE'],
  ])('%s and %s are two names', (a, b) => {
    expect(sameHolderName(a, b)).toBe(false);
  });
});

describe('strength', () => {
  const a: PersonFacts = {
    bank_account_name: 'SOMCHAI JAIDEE',
    bank_account_no: '0123456789',
    registration_ip: '10.0.0.1',
  };

  it('two of name, number and device: the same person; one: possible; the address alone: evidence', () => {
    const sameNameAndNumber = { ...a, bank_account_no: '123456789' };
    expect(signalsBetween(a, sameNameAndNumber, false)).toEqual(['name', 'bank_account', 'ip']);
    expect(strengthOf(signalsBetween(a, sameNameAndNumber, false))).toBe('same');
    expect(strengthOf(signalsBetween(a, { ...a, bank_account_no: '999' }, true))).toBe('same');
    expect(strengthOf(['name', 'ip'])).toBe('possible');
    expect(strengthOf(['device'])).toBe('possible');
    expect(strengthOf(['ip'])).toBe('evidence');
    expect(strengthOf([])).toBe('evidence');
  });
});
