import type { PersonSignal } from '@member-wallet/contract/backoffice/person-matches';
import { comparableAccountName } from '@member-wallet/contract/rules';
import { classifyNameChange } from '../account/account-name-match.ts';

/**
 * How the server recognises one person across accounts (docs/accounts.md, One person behind the accounts). Pure:
 * no clock, no database, so an operator can work out every outcome by hand from the two accounts.
 */

/** What the rule compares of an account. */
export interface PersonFacts {
  bank_account_name: string;
  bank_account_no: string;
  registration_ip: string | null;
}

/**
 * One holder name: equal once a leading title is left out (case and spaces aside); the same name spelt
 * differently, in one script or in Thai and Latin letters (the rule of a bank account name change,
 * account-name-match.ts); or one cut short, as a bank shows a long name: the shorter has its first word whole and
 * at least one letter of a second word, and the longer begins with it.
 */
export function sameHolderName(a: string, b: string): boolean {
  const left = comparableAccountName(a);
  const right = comparableAccountName(b);
  if (left === right) return true;
  if (classifyNameChange(left, right) !== 'review') return true;
  const [shorter, longer] = left.length < right.length ? [left, right] : [right, left];
  return shorter.includes(' ') && longer.startsWith(shorter);
}

/** The account number with zeros before it left out: one account at any bank (the number at another bank). */
export function significantNumber(bankAccountNo: string): string {
  return bankAccountNo.replace(/^0+/, '');
}

/**
 * Every signal two accounts share, in the order PERSON_SIGNALS lists them. `sharedDevice`: one of them signed in
 * carrying the other's genuine device cookie.
 */
export function signalsBetween(a: PersonFacts, b: PersonFacts, sharedDevice: boolean): PersonSignal[] {
  const signals: PersonSignal[] = [];
  if (sameHolderName(a.bank_account_name, b.bank_account_name)) signals.push('name');
  if (significantNumber(a.bank_account_no) === significantNumber(b.bank_account_no)) signals.push('bank_account');
  if (sharedDevice) signals.push('device');
  if (a.registration_ip !== null && a.registration_ip === b.registration_ip) signals.push('ip');
  return signals;
}

/**
 * What the signals make of two accounts: `same` person (two of name, account number, device), `possible` (one of
 * them, an address beside it or not), or `evidence` (an address alone: recorded nowhere, decides nothing).
 */
export type MatchStrength = 'same' | 'possible' | 'evidence';

export function strengthOf(signals: readonly PersonSignal[]): MatchStrength {
  const strong = signals.filter((signal) => signal !== 'ip').length;
  if (strong >= 2) return 'same';
  return strong === 1 ? 'possible' : 'evidence';
}
