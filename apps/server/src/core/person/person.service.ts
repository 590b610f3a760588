import type { PersonSignal } from '@member-wallet/contract/backoffice/person-matches';
import { comparableAccountName } from '@member-wallet/contract/rules';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { refusalError, type SaferPlayGate } from '../safer-play/safer-play.gate.ts';
import { type MatchStrength, signalsBetween, significantNumber, strengthOf } from './person.match.ts';
import type { PersonAccount, PersonRepository } from './person.repository.ts';

/** Accounts a block's screening reads at a time. */
const BLOCK_SCREEN_PAGE = 1000;

/** An account a registration was found alike, and how. */
export interface Found {
  id: bigint;
  signals: PersonSignal[];
  strength: MatchStrength;
}

/** What a registration brings: its bank account and its address. */
export interface Applicant {
  bankAccountName: string;
  bankAccountNo: string;
  ip: string;
}

export interface PersonServiceDeps {
  db: Db;
  repository: PersonRepository;
  gate: SaferPlayGate;
  clock: Clock;
}

/**
 * The person behind the accounts (docs/accounts.md, One person behind the accounts): screens each registration and
 * each sign-in on another account's device, links the accounts of one person, and files the possible ones for an
 * operator. What a person's block does to every account is the safer-play gate's (`blockOf`).
 */
export class PersonService {
  constructor(private readonly deps: PersonServiceDeps) {}

  /**
   * In the registration's transaction, before the member is written: under the person's locks, refuses a match of
   * an excluded or timed-out person (the block's code) and the same person (`EXISTING_BANK`: one person, one
   * account), and answers the possible matches to file once the member exists (`fileRegistration`).
   */
  async screenRegistration(trx: Transaction<Database>, applicant: Applicant): Promise<Found[]> {
    const { repository, gate } = this.deps;
    const key = comparableAccountName(applicant.bankAccountName);
    const number = significantNumber(applicant.bankAccountNo);
    await repository.lockPerson(trx, key, number);
    const accounts = new Map<bigint, PersonAccount>();
    for (const account of await repository.candidates(trx, key, number)) accounts.set(account.id, account);
    for (const account of await repository.blockedAccounts(trx)) accounts.set(account.id, account);
    const facts = {
      bank_account_name: applicant.bankAccountName,
      bank_account_no: applicant.bankAccountNo,
      registration_ip: applicant.ip,
    };
    const found: Found[] = [];
    for (const account of accounts.values()) {
      const signals = signalsBetween(facts, account, false);
      const strength = strengthOf(signals);
      if (strength !== 'evidence') found.push({ id: account.id, signals, strength });
    }
    for (const match of found) {
      const block = await gate.blockOf(trx, match.id);
      if (block) throw refusalError(block);
    }
    if (found.some((match) => match.strength === 'same')) throw new AppError('EXISTING_BANK');
    return found;
  }

  /**
   * The member and every account that counts as their person: linked to them, or waiting for an operator's review
   * with them (a possible match counts as one person until an operator finds two).
   */
  accountsOf(db: Db, memberId: bigint): Promise<bigint[]> {
    return this.deps.repository.relatedIds(db, memberId);
  }

  /** Files the registration's possible matches ("possible same person"), in its transaction. */
  async fileRegistration(trx: Transaction<Database>, memberId: bigint, found: readonly Found[]): Promise<void> {
    const now = this.deps.clock.now();
    for (const match of found) {
      await this.deps.repository.saveMatch(trx, {
        a: memberId,
        b: match.id,
        signals: match.signals,
        status: 'open',
        now,
      });
    }
  }

  /**
   * In the transaction of a time-out or self-exclusion it starts: the member's holder name is compared with every
   * other account's, in any spelling or script, which no index finds at registration (a Thai name for a Latin one),
   * and each account found is recorded as a possible match (or linked, with the number too), so the block binds an
   * account of the person registered before it. Read a thousand at a time.
   */
  async screenBlock(trx: Transaction<Database>, memberId: bigint): Promise<void> {
    const { repository } = this.deps;
    const member = await repository.account(trx, memberId);
    if (!member) return;
    let after = 0n;
    for (;;) {
      const page = await repository.accountsAfter(trx, memberId, after, BLOCK_SCREEN_PAGE);
      for (const other of page) {
        const signals = signalsBetween(member, other, false);
        if (signals.includes('name')) await this.record(trx, memberId, other.id, signals);
      }
      const last = page.at(-1);
      if (!last || page.length < BLOCK_SCREEN_PAGE) return;
      after = last.id;
    }
  }

  /** A sign-in of the member carrying another account's genuine device cookie: the two are compared and recorded. */
  async screenSignIn(memberId: bigint, otherId: bigint): Promise<void> {
    const { db, repository } = this.deps;
    await transactionWithRetry(db, async (trx) => {
      const member = await repository.account(trx, memberId);
      const other = await repository.account(trx, otherId);
      if (!member || !other) return;
      await this.record(trx, memberId, otherId, signalsBetween(member, other, true));
    });
  }

  /**
   * Records what a screening saw of a pair. Two signals link the accounts (unless an operator found them two
   * people); one files or widens an open match; a linked pair stays linked; a dismissed pair opens again only for
   * a signal the operator has not seen.
   */
  private async record(trx: Transaction<Database>, a: bigint, b: bigint, signals: PersonSignal[]): Promise<void> {
    const { repository, clock } = this.deps;
    const strength = strengthOf(signals);
    if (strength === 'evidence') return;
    const now = clock.now();
    const current = await repository.findMatch(trx, a, b);
    const known = current?.signals ?? [];
    const all = [...known, ...signals.filter((signal) => !known.includes(signal))];
    const added = all.length > known.length;
    if (current?.status === 'linked' || (current?.status === 'dismissed' && !added)) {
      if (added) await repository.widenMatch(trx, current.id, all);
      return;
    }
    if (current?.status !== 'dismissed' && strengthOf(all) === 'same') {
      await repository.saveMatch(trx, { a, b, signals: all, status: 'linked', now });
      await repository.mergePersons(trx, a, b);
      return;
    }
    await repository.saveMatch(trx, { a, b, signals: all, status: 'open', now });
  }
}
