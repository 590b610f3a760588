import { createHash, randomUUID } from 'node:crypto';
import { AMOUNT_LIMITS } from '@member-wallet/contract/constants';
import { toMajor, toMinor } from '@member-wallet/contract/money';
import { decryptGiftLink, type GiftLinkKey, giftLinkCode, giftLinkIn } from '@member-wallet/contract/truelink';
import type { MoneyActionResponse } from '@member-wallet/contract/wallet';
import type { FastifyBaseLogger } from 'fastify';
import {
  type VoucherRedeemer,
  type VoucherRedemption,
  VoucherUnavailableError,
} from '../../adapters/voucher/voucher-redeemer.ts';
import type { Member } from '../../core/account/account.repository.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import { heldReasonOf, refusalError } from '../../core/safer-play/safer-play.gate.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { sandboxLabel } from '../../lib/sandbox-label.ts';
import type { BankFeedRepository, DepositHold } from '../bank-feed/bank-feed.module.ts';
import { recordHeldPayment } from '../bank-feed/bank-feed.module.ts';
import type { TruelinkRedemption, TruelinkRepository } from './truelink.repository.ts';

/** TrueMoney vouchers are baht; the minimum of spec section 5. */
const VOUCHER_CURRENCY = 'BAHT';
const MINIMUM_MINOR = toMinor(AMOUNT_LIMITS.trueWalletMin);
/** A claim whose request died (a crash) is taken over by another request of its member after this long. */
const CLAIM_LEASE_MS = 2 * MINUTE_MS;
const CHECK_BACKOFF_BASE_MS = 15 * SECOND_MS;
const CHECK_BACKOFF_MAX_MS = HOUR_MS;
export const SETTLE_BATCH_MAX = 50;
const CLAIM_ATTEMPTS_MAX = 3;

export interface TruelinkServiceDeps {
  db: Db;
  ledger: LedgerService;
  repository: TruelinkRepository;
  members: { findById(id: bigint): Promise<Member | undefined> };
  redeemer: VoucherRedeemer;
  /** The voucher party is the sandbox's: its answers are labelled so (docs/parties/README.md). */
  redeemerIsSandbox: boolean;
  /** The first encrypts (handed to clients); all decrypt. */
  keys: readonly GiftLinkKey[];
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The member's own deposit limit and block (docs/safer-play.md): a voucher past them is not redeemed. */
  saferPlay: DepositHold;
  /** Where a voucher held for them waits for an operator: the suspense queue's rows. */
  transfers: BankFeedRepository;
}

export interface TruelinkInput {
  memberId: bigint;
  /** The encrypted gift link (contract truelink.ts). Never logged, never echoed. */
  envelope: string;
  /** The request's Idempotency-Key. */
  idempotencyKey: string;
}

type Redeemed = Extract<VoucherRedemption, { status: 'redeemed' }>;

const invalid = () => new AppError('TRUELINK_INVALID');
const duplicate = () => new AppError('TRUELINK_DUPLICATE');

/** The SHA-256 of a voucher code: what we store and key the ledger by, never the code itself. */
export function voucherHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/**
 * TrueMoney gift links (docs/deposits/truemoney.md): decrypt, parse, claim the voucher (one row per voucher,
 * whoever sends it), check it at the party (the 2-baht minimum is refused before anything is redeemed), redeem
 * it under our reference (idempotent at the party), and credit the wallet once.
 */
export class TruelinkService {
  constructor(private readonly deps: TruelinkServiceDeps) {}

  currentKey(): { keyId: string; key: string } {
    const [current] = this.deps.keys;
    if (!current) throw new Error('no gift-link key configured');
    return { keyId: current.id, key: current.key };
  }

  async redeem(input: TruelinkInput): Promise<MoneyActionResponse> {
    // The link alone, or the whole text TrueMoney's app shares with it: the one gift link inside (contract).
    const text = await decryptGiftLink(input.envelope, this.deps.keys);
    const link = text === null ? null : giftLinkIn(text);
    const code = link === null ? null : giftLinkCode(link);
    if (code === null) throw invalid();
    const member = await this.deps.members.findById(input.memberId);
    if (!member) throw new Error(`member ${input.memberId} of a valid session does not exist`);
    // TrueMoney is a Thai wallet: a kip wallet cannot take baht.
    if (member.currency !== VOUCHER_CURRENCY) throw invalid();
    const claim = await this.claim(member, voucherHash(code), input.idempotencyKey);
    if (claim.row.status === 'credited') return this.answer(claim.row);
    if (!claim.resumed) await this.checkFirst(claim.row, code);
    let redemption: VoucherRedemption;
    try {
      redemption = await this.deps.redeemer.redeem(code, claim.row.reference);
    } catch (error) {
      if (!(error instanceof VoucherUnavailableError)) throw error;
      // The voucher may or may not be redeemed now: recorded, not credited; the settler asks the party.
      this.deps.logger.warn({ err: error, redemption: claim.row.reference }, 'voucher redemption outcome unknown');
      await this.postpone(claim.row);
      return this.inProgress(claim.row);
    }
    if (redemption.status !== 'redeemed') {
      await this.deps.repository.deleteUncredited(this.deps.db, claim.row.id);
      throw redemption.status === 'invalid' ? invalid() : duplicate();
    }
    return this.answer(await this.credit(claim.row, redemption, input.idempotencyKey));
  }

  /**
   * The voucher's row: a new claim, or an earlier one of this member that may go on (its outcome is unknown,
   * it is this same request run again, or its request died). Anything else is a duplicate.
   */
  private async claim(member: Member, hash: string, key: string) {
    // A claim refused and deleted between our insert and our read leaves nothing to read: claim again.
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS_MAX; attempt++) {
      const claimed = await this.tryClaim(member, hash, key);
      if (claimed) return claimed;
    }
    throw duplicate();
  }

  private tryClaim(member: Member, hash: string, key: string) {
    const { db, repository, clock } = this.deps;
    return transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const inserted = await repository.insertIfAbsent(trx, {
        reference: randomUUID(),
        voucher_hash: hash,
        member_id: member.id,
        status: 'redeeming',
        request_key: key,
        currency: member.currency,
        created_at: now,
        updated_at: now,
      });
      if (inserted) return { row: inserted, resumed: false };
      const row = await repository.lockByHash(trx, hash);
      if (!row) return undefined;
      if (row.member_id !== member.id) throw duplicate();
      if (row.status === 'credited') {
        if (row.request_key === key) return { row, resumed: true };
        throw duplicate();
      }
      const stale = row.updated_at.getTime() + CLAIM_LEASE_MS <= now.getTime();
      if (row.status === 'redeeming' && row.request_key !== key && !stale) throw duplicate();
      return { row: await repository.takeOver(trx, row.id, key, now), resumed: true };
    });
  }

  /** Before redeeming: a voucher below the minimum (or not in baht, or not redeemable) is refused untouched. */
  private async checkFirst(row: TruelinkRedemption, code: string): Promise<void> {
    const { redeemer, repository, db } = this.deps;
    let refusal: AppError | null;
    try {
      const check = await redeemer.check(code);
      if (check.status === 'invalid') refusal = invalid();
      else if (check.status === 'redeemed') refusal = duplicate();
      else if (check.currency !== VOUCHER_CURRENCY || check.amountMinor < MINIMUM_MINOR) refusal = invalid();
      else {
        // The member's own deposit limit and block (docs/safer-play.md): refused before anything is redeemed.
        const limit = await this.deps.saferPlay.deposit(db, row.member_id, check.amountMinor);
        refusal = limit ? refusalError(limit) : null;
      }
    } catch (error) {
      if (!(error instanceof VoucherUnavailableError)) throw error;
      // Nothing was redeemed: the claim is dropped and the member may send the link again.
      this.deps.logger.warn({ err: error, redemption: row.reference }, 'voucher party unavailable for a check');
      refusal = new AppError('INTERNAL_SERVER_ERROR');
    }
    if (!refusal) return;
    await repository.deleteUncredited(db, row.id);
    throw refusal;
  }

  /** Credits the wallet once: the row is locked, and the ledger key `voucher:<hash>` replays on a re-run. */
  private async credit(row: TruelinkRedemption, redemption: Redeemed, key: string | null): Promise<TruelinkRedemption> {
    const { db, ledger, repository, clock, logger } = this.deps;
    if (redemption.currency !== row.currency) throw new Error(`voucher redemption ${row.reference} is not in baht`);
    if (redemption.amountMinor < MINIMUM_MINOR) {
      // The check said otherwise, but the money has arrived: it is credited, and an operator hears of it.
      logger.warn({ redemption: row.reference }, 'voucher redeemed below the minimum; credited');
    }
    // Named before the transaction: on PGlite's single connection nothing may run beside it.
    const { wallet, clearing } = await ledger.depositAccounts(db, row.member_id, row.currency);
    const suspense = await ledger.accountId(db, {
      kind: 'suspense',
      memberId: null,
      providerCode: null,
      currency: row.currency,
    });
    return transactionWithRetry(db, async (trx) => {
      const locked = await repository.lock(trx, row.id);
      if (!locked) throw new Error(`voucher redemption ${row.reference} vanished`);
      if (locked.status === 'credited') {
        if (key === null || locked.request_key === key) return locked;
        throw duplicate();
      }
      // Redeemed past the member's limit or during their block (a race with the check): held, never credited.
      const held = await this.deps.saferPlay.deposit(trx, locked.member_id, redemption.amountMinor);
      const posted = await ledger.postDeposit(trx, {
        memberId: held ? null : locked.member_id,
        idempotencyKey: `voucher:${locked.voucher_hash}`,
        reference: { source: 'truemoney', voucher: locked.voucher_hash, redemption: redemption.redemptionId },
        ...(held ? { metadata: { heldFor: String(locked.member_id), unmatched: heldReasonOf(held) } } : {}),
        from: clearing.id,
        to: held ? suspense : wallet.id,
        amountMinor: redemption.amountMinor,
      });
      if (held) {
        logger.warn({ redemption: row.reference, held: held.code }, 'voucher held in suspense (safer play)');
        await recordHeldPayment(
          trx,
          this.deps.transfers,
          {
            channel: 'TRUEMONEY',
            reference: redemption.redemptionId,
            payer: redemption.redemptionId,
            recordedBy: 'voucher',
            memberId: locked.member_id,
            reason: heldReasonOf(held),
            amountMinor: redemption.amountMinor,
            currency: locked.currency,
            paidAt: clock.now(),
            entryId: posted.entry.id,
          },
          clock.now(),
        );
      }
      return repository.markCredited(trx, locked.id, {
        amountMinor: redemption.amountMinor,
        entryId: posted.entry.id,
        requestKey: key,
        now: clock.now(),
      });
    });
  }

  /**
   * The settler's pass: asks the party about redemptions whose outcome is unknown. Redeemed under our
   * reference: credited. Never redeemed: the claim is dropped, so the member may send the link again.
   */
  async settleUnknown(limit = SETTLE_BATCH_MAX): Promise<{ checked: number; credited: number }> {
    const { db, repository, redeemer, clock, logger } = this.deps;
    const due = await repository.listUnknownDue(db, clock.now(), limit);
    let credited = 0;
    for (const row of due) {
      try {
        const state = await redeemer.status(row.reference);
        if (state.status === 'not_found') await repository.deleteUncredited(db, row.id);
        else {
          await this.credit(row, state, null);
          credited += 1;
        }
      } catch (error) {
        if (!(error instanceof VoucherUnavailableError))
          logger.error({ err: error, redemption: row.reference }, 'voucher redemption could not be settled');
        await this.postpone(row);
      }
    }
    return { checked: due.length, credited };
  }

  private async postpone(row: TruelinkRedemption): Promise<void> {
    const now = this.deps.clock.now();
    const delay = Math.min(CHECK_BACKOFF_BASE_MS * 2 ** Math.min(row.attempts, 20), CHECK_BACKOFF_MAX_MS);
    await this.deps.repository.markUnknown(this.deps.db, row.id, new Date(now.getTime() + delay), now);
  }

  private async walletMajor(row: TruelinkRedemption): Promise<number> {
    const wallet = await this.deps.ledger.memberWallet(this.deps.db, row.member_id, row.currency);
    const balance = await this.deps.ledger.balanceOf(this.deps.db, wallet.id);
    return toMajor(balance);
  }

  private async answer(row: TruelinkRedemption): Promise<MoneyActionResponse> {
    return {
      message: 'SUCCESS',
      wallet: { amount: await this.walletMajor(row) },
      status: 'SUCCESS',
      reference: row.reference,
      ...sandboxLabel(this.deps.redeemerIsSandbox),
    };
  }

  private async inProgress(row: TruelinkRedemption): Promise<MoneyActionResponse> {
    return {
      message: 'SUCCESS',
      wallet: { amount: await this.walletMajor(row) },
      status: 'IN_PROGRESS',
      reference: row.reference,
      ...sandboxLabel(this.deps.redeemerIsSandbox),
    };
  }
}
