import { asciiDigits } from '@member-wallet/contract/bank-account-no';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { type BankFeed, BankFeedUnavailableError, type IncomingTransfer } from '../../adapters/bank-feed/bank-feed.ts';
import { depositClearingKey, type LedgerService } from '../../core/ledger/ledger.service.ts';
import { heldReasonOf, type Refusal } from '../../core/safer-play/safer-play.gate.ts';
import type { Database, Db } from '../../db/database.ts';
import type { BankTransferUnmatchedReason } from '../../db/tables/deposits.table.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { accountFits, accountPatterns, accountsAgree, nameFits } from '../deposits/deposits.module.ts';
import type { BankFeedRepository, BankTransfer, MemberByBankAccount } from './bank-feed.repository.ts';

/** Transfers read per page, and pages per pass (STYLE.md 12): a backlog is worked off over several passes. */
export const BANK_FEED_PAGE_SIZE = 100;
export const BANK_FEED_PAGES_PER_PASS_MAX = 20;

export type BankTransferOutcome = 'matched' | 'unmatched' | 'duplicate' | 'conflict';

export interface BankFeedPass {
  /** False when the feed could not be read; the pass credited nothing more and the next one tries again. */
  feedReachable: boolean;
  outcomes: Record<BankTransferOutcome, number>;
}

export interface BankFeedMatcherDeps {
  db: Db;
  feed: BankFeed;
  /** Names the feed's cursor: a cursor is meaningful only to the feed that gave it. */
  feedName: string;
  ledger: LedgerService;
  repository: BankFeedRepository;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The matched member's own deposit limit and block (docs/safer-play.md): money past them is held in suspense. */
  saferPlay: DepositHold;
}

/** Why a deposit that cannot be refused (it has arrived) may not be credited to the member now. */
export interface DepositHold {
  deposit(db: Db, memberId: bigint, amountMinor: bigint): Promise<Refusal | null>;
}

type Match = { memberId: bigint } | { reason: BankTransferUnmatchedReason; memberId?: bigint };

/**
 * Credits bank transfers to the member whose registered bank account sent them (docs/deposits/bank-transfers.md).
 * Each transfer is recorded once per operator account and reference, with its ledger entry in the same
 * transaction: exactly one active member of the transfer's currency gets a `deposit`; anything else goes to
 * `suspense` and waits for an operator, recorded `unmatched`. Nothing is dropped and nothing is credited twice.
 */
export class BankFeedMatcher {
  constructor(private readonly deps: BankFeedMatcherDeps) {}

  /** One pass: reads the feed from the stored cursor, records every transfer, then moves the cursor on. */
  async runOnce(): Promise<BankFeedPass> {
    const { db, feed, feedName, repository, clock, logger } = this.deps;
    const outcomes: Record<BankTransferOutcome, number> = { matched: 0, unmatched: 0, duplicate: 0, conflict: 0 };
    for (let pageNumber = 0; pageNumber < BANK_FEED_PAGES_PER_PASS_MAX; pageNumber++) {
      const cursor = await repository.cursorOf(db, feedName);
      let page: Awaited<ReturnType<BankFeed['transfersAfter']>>;
      try {
        page = await feed.transfersAfter(cursor, BANK_FEED_PAGE_SIZE);
      } catch (error) {
        if (!(error instanceof BankFeedUnavailableError)) throw error;
        logger.warn({ err: error, feed: feedName }, 'bank feed unavailable: transfers wait for the next pass');
        return { feedReachable: false, outcomes };
      }
      // Every transfer of the page is recorded before the cursor passes it: a crash in between reads the page
      // again, and the references already recorded do nothing.
      for (const transfer of page.transfers) outcomes[await this.record(transfer)] += 1;
      if (page.nextCursor !== null && page.nextCursor !== cursor) {
        await repository.saveCursor(db, feedName, page.nextCursor, clock.now());
      }
      if (page.transfers.length < BANK_FEED_PAGE_SIZE || page.nextCursor === cursor) break;
    }
    return { feedReachable: true, outcomes };
  }

  /**
   * Records one transfer and its ledger entry in one transaction; a reference seen before does nothing. The
   * sender is recorded as shown, its Thai, Lao or full-width digits as ASCII ones (docs/accounts.md).
   */
  async record(incoming: IncomingTransfer): Promise<BankTransferOutcome> {
    const { db, repository } = this.deps;
    const transfer = { ...incoming, senderAccountNo: asciiDigits(incoming.senderAccountNo) };
    if (transfer.amountMinor <= 0n) throw new Error(`bank transfer ${transfer.reference} has no positive amount`);
    const known = await repository.findTransfer(db, transfer.operatorAccountNo, transfer.reference);
    if (known) return this.duplicate(known, transfer);
    const found = await this.match(transfer);
    const accounts = await this.accounts(transfer.currency, found);
    const outcome = await transactionWithRetry(db, async (trx) => {
      const now = this.deps.clock.now();
      const match = await this.held(trx, found, transfer.amountMinor);
      const id = await repository.insertTransferIfAbsent(trx, {
        reference: transfer.reference,
        operator_account_no: transfer.operatorAccountNo,
        sender_bank_code: transfer.senderBankCode,
        sender_account_no: transfer.senderAccountNo,
        amount_minor: transfer.amountMinor,
        currency: transfer.currency,
        transferred_at: transfer.transferredAt,
        status: 'reason' in match ? 'unmatched' : 'matched',
        unmatched_reason: 'reason' in match ? match.reason : null,
        member_id: match.memberId ?? null,
        created_at: now,
        updated_at: now,
      });
      if (id === undefined) return 'raced' as const;
      const posted = await this.deps.ledger.postDeposit(trx, {
        // Held money (docs/safer-play.md) belongs to nobody's statement: suspense, with no member.
        memberId: 'reason' in match ? null : match.memberId,
        idempotencyKey: `bank:${transfer.operatorAccountNo}:${transfer.reference}`,
        reference: { source: transfer.senderBankCode, bankTransfer: transfer.reference },
        metadata: {
          operatorAccountNo: transfer.operatorAccountNo,
          senderAccountNo: transfer.senderAccountNo,
          ...(transfer.senderName ? { senderName: transfer.senderName } : {}),
          ...('reason' in match ? { unmatched: match.reason } : {}),
        },
        from: accounts.clearing,
        to: 'reason' in match || accounts.wallet === null ? accounts.suspense : accounts.wallet,
        amountMinor: transfer.amountMinor,
      });
      await repository.setEntry(trx, id, posted.entry.id, now);
      return 'reason' in match ? ('unmatched' as const) : ('matched' as const);
    });
    if (outcome !== 'raced') return outcome;
    // Another pass (another node) recorded it first, between our look and our insert.
    const winner = await repository.findTransfer(db, transfer.operatorAccountNo, transfer.reference);
    if (!winner) throw new Error(`bank transfer ${transfer.reference} vanished after a conflicting insert`);
    return this.duplicate(winner, transfer);
  }

  /**
   * The matching rule (docs/deposits/masked-accounts.md): the members of the sending bank whose registered account
   * fits the digits the bank shows and whose name does not contradict the name it shows; exactly one, active, of
   * the transfer's currency, is credited.
   */
  private async match(transfer: IncomingTransfer): Promise<Match> {
    const patterns = accountPatterns(transfer.senderAccountNo);
    if (patterns === null) return { reason: 'no_member' };
    const { db, repository } = this.deps;
    const found = await repository.membersByAccountPatterns(db, transfer.senderBankCode, patterns);
    return decide(fitting(found, transfer.senderAccountNo, transfer.senderName ?? null), transfer.currency);
  }

  /** The match, or the member's money held in suspense when their own limit or block refuses it now. */
  private async held(trx: Transaction<Database>, match: Match, amountMinor: bigint): Promise<Match> {
    if ('reason' in match) return match;
    const refusal = await this.deps.saferPlay.deposit(trx, match.memberId, amountMinor);
    return refusal ? { reason: heldReasonOf(refusal), memberId: match.memberId } : match;
  }

  private async accounts(currency: string, match: Match) {
    const { db, ledger } = this.deps;
    return {
      clearing: await ledger.accountId(db, depositClearingKey(currency)),
      wallet: 'reason' in match ? null : await ledger.memberWalletId(db, match.memberId, currency),
      suspense: await ledger.accountId(db, { kind: 'suspense', memberId: null, providerCode: null, currency }),
    };
  }

  /** A re-delivery. The first recording stands; one that disagrees with it is a feed error for an operator. */
  private duplicate(known: BankTransfer, transfer: IncomingTransfer): BankTransferOutcome {
    const same =
      known.amount_minor === transfer.amountMinor &&
      known.currency === transfer.currency &&
      known.sender_bank_code === transfer.senderBankCode &&
      // The slip and the feed may each show the sender masked their own way.
      accountsAgree(known.sender_account_no, transfer.senderAccountNo);
    if (same) return 'duplicate';
    this.deps.logger.error(
      {
        reference: transfer.reference,
        operatorAccountNo: transfer.operatorAccountNo,
        recorded: { amountMinor: known.amount_minor.toString(), senderBankCode: known.sender_bank_code },
        delivered: { amountMinor: transfer.amountMinor.toString(), senderBankCode: transfer.senderBankCode },
      },
      'bank feed delivered a recorded reference with other details: the first recording stands',
    );
    return 'conflict';
  }
}

/** The members a shown account and name can be: every visible digit equal, and the name not another's. */
export function fitting<Candidate extends { bank_account_no: string; bank_account_name: string }>(
  members: readonly Candidate[],
  shownAccount: string,
  shownName: string | null,
): Candidate[] {
  return members.filter(
    (member) =>
      accountFits(shownAccount, member.bank_account_no) && nameFits(shownName, member.bank_account_name) !== 'mismatch',
  );
}

export function decide(members: readonly MemberByBankAccount[], currency: string): Match {
  const [member, other] = members;
  if (!member) return { reason: 'no_member' };
  if (other) return { reason: 'several_members' };
  if (member.status !== 'active') return { reason: 'member_inactive' };
  if (member.currency !== currency) return { reason: 'currency_differs' };
  return { memberId: member.id };
}
