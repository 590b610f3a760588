import { createHash, randomBytes } from 'node:crypto';
import type { SlipReasonCode } from '@member-wallet/contract/error-codes';
import { toMajor } from '@member-wallet/contract/money';
import type { SlipItem, SlipsRequest, SlipsResponse, SlipUploadResponse } from '@member-wallet/contract/slip';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { generate } from 'promptparse';
import {
  type RetryLaterReason,
  type SlipQuery,
  type SlipVerification,
  type SlipVerifier,
  SlipVerifierUnavailableError,
  type VerifiedTransfer,
} from '../../adapters/slip-verifier/slip-verifier.ts';
import type { Member } from '../../core/account/account.repository.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import { type Refusal, refusalError } from '../../core/safer-play/safer-play.gate.ts';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { sandboxLabel } from '../../lib/sandbox-label.ts';
import type { BankFeedRepository, DepositHold } from '../bank-feed/bank-feed.module.ts';
import type { DepositChannelsRepository } from '../deposit-channels/deposit-channels.module.ts';
import { InvalidImageError } from '../uploads/uploads.module.ts';
import { type CreditAccounts, recordSlipCredit, type SlipCredit } from './slip.credit.ts';
import type { ImageHeader, SlipPicture } from './slip.image.ts';
import { slipImageUrl, slipImageUrlValid } from './slip.links.ts';
import { readSlipQr } from './slip.qr.ts';
import type { NewSlip, Slip, SlipRepository } from './slip.repository.ts';
import { namesTheTransfer, SlipRules } from './slip.rules.ts';

export interface SlipServiceDeps {
  db: Db;
  repository: SlipRepository;
  transfers: BankFeedRepository;
  channels: DepositChannelsRepository;
  ledger: LedgerService;
  members: { findById(id: bigint): Promise<Member | undefined> };
  verifier: SlipVerifier;
  /** The verifier of a slip's kind is the sandbox's: the slips it is asked about are labelled so (the sandbox label). */
  verifiedBySandbox: (kind: SlipQuery['kind']) => boolean;
  /** Checks the picture and reads its QR codes (modules/uploads/picture.pool.ts: in worker threads). */
  pictures: { readSlip(bytes: Buffer): Promise<SlipPicture> };
  store: FileStore;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The member's own deposit limit and block (docs/safer-play.md): a slip past them is held in suspense. */
  saferPlay: DepositHold;
  urlSecret: string;
  maxAgeMinutes: number;
}

/** What is known of an upload before its outcome: the row's fixed columns. */
type Upload = Omit<NewSlip, 'status' | 'note' | 'created_at' | 'updated_at'>;

/** An upload being settled: new (no row yet), or a waiting slip's row asked again (slip.retry.ts). */
export interface SlipDraft {
  upload: Upload;
  existing: Slip | null;
}

/** The columns an outcome sets. */
export type SlipOutcome = Pick<NewSlip, 'status' | 'note'> &
  Partial<Pick<NewSlip, 'amount_minor' | 'currency' | 'attempts' | 'next_check_at' | 'bank_transfer_id' | 'entry_id'>>;

/**
 * How long a slip waits after each "come back later" of the party before it is asked again (the last delay
 * repeats), and for how long after its upload: then it is refused UNKNOW_ERROR (docs/deposits/slips.md).
 */
export const SLIP_RETRY_DELAYS_MINUTES = [1, 2, 5, 10, 15, 30] as const;
export const SLIP_RETRY_WINDOW_MS = 6 * HOUR_MS;

const invalidFile = () => new AppError('SLIP_INVALID_FILE');

/**
 * Bank-transfer slips (docs/deposits/slips.md): the picture is checked by content, stored, read for its
 * mini-QR, verified with the bank, and credited once. A slip and the bank feed are two views of one transfer:
 * crediting records the transfer in `bank_transfers` (unique per operator account and reference) in the
 * transaction of its ledger entry, so whichever view gets there first credits it and the other finds it
 * recorded. Every upload of a readable picture is a row with its outcome.
 */
export class SlipService {
  private readonly rules: SlipRules;

  constructor(private readonly deps: SlipServiceDeps) {
    this.rules = new SlipRules(deps);
  }

  async upload(memberId: bigint, uploaded: Buffer): Promise<SlipUploadResponse> {
    const member = await this.deps.members.findById(memberId);
    if (!member) throw new Error(`member ${memberId} of a valid session does not exist`);
    let picture: SlipPicture;
    try {
      picture = await this.deps.pictures.readSlip(uploaded);
    } catch (error) {
      if (error instanceof InvalidImageError) throw invalidFile();
      throw error;
    }
    const { header } = picture;
    // What was checked is what is kept: anything after the picture's end is not (decision 0016).
    const bytes = uploaded.subarray(0, picture.length);
    const upload: Upload = {
      public_id: randomBytes(16).toString('hex'),
      member_id: member.id,
      file_name: await this.store(bytes, header, member),
      content_type: header.contentType,
      size_bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      width: header.width,
      height: header.height,
    };
    // No credit without the evidence kept: a picture that could not be stored is not verified.
    if (upload.file_name === null) return this.failed(upload, 'FILE_MISSING', member);
    if (picture.texts === null) return this.failed(upload, 'IMAGE_SIZE_UNPROCESSABLE', member);
    const reading = readSlipQr(picture.texts);
    if ('failed' in reading) return this.failed(upload, reading.failed, member);
    const { query } = reading;
    const { sendingBank, transRef, qr, kind } = query;
    const sandbox = this.deps.verifiedBySandbox(kind);
    const read: Upload = { ...upload, sending_bank: sendingBank, reference: transRef, qr_text: qr, sandbox };
    const evidence = { bytes, contentType: header.contentType };
    const row = await this.settle({ upload: read, existing: null }, { ...query, picture: evidence }, member);
    return this.answer(row, member);
  }

  private async store(bytes: Buffer, header: ImageHeader, member: Member): Promise<string | null> {
    try {
      return await this.deps.store.save(bytes, header.contentType === 'image/png' ? 'png' : 'jpg');
    } catch (error) {
      this.deps.logger.error({ err: error, memberId: member.id.toString() }, 'slip picture could not be stored');
      return null;
    }
  }

  /**
   * Asks the verifier about an upload (a new one, or a waiting one asked again) and keeps the outcome by the
   * rules (slip.rules.ts): credited, refused with its reason, or waiting for the party (docs/deposits/slips.md).
   * A waiting slip that another pass settled first is answered as that pass left it.
   */
  async settle(draft: SlipDraft, query: SlipQuery, member: Member): Promise<Slip> {
    const uploadedAt = draft.existing?.created_at ?? this.deps.clock.now();
    let answer: SlipVerification;
    try {
      answer = await this.deps.verifier.verify(query);
    } catch (error) {
      if (!(error instanceof SlipVerifierUnavailableError)) throw error;
      this.deps.logger.warn({ err: error, reference: query.transRef }, 'slip verifier unavailable');
      // A new upload is answered at once; a waiting slip keeps waiting for the party to come back.
      if (!draft.existing) return this.keep(draft, { status: 'FAILED', note: 'UNKNOW_ERROR' });
      answer = { status: 'retry_later', reason: 'bank_unavailable' };
    }
    const judgement = await this.rules.judge(answer, query, member, uploadedAt);
    if (judgement.outcome === 'wait') return this.wait(draft, judgement.reason, uploadedAt);
    const { transfer } = judgement;
    const amount = transfer ? { amount_minor: transfer.amountMinor, currency: transfer.currency } : {};
    if (judgement.outcome === 'failed') return this.keep(draft, { status: 'FAILED', note: judgement.note, ...amount });
    return this.credit(draft, judgement.transfer, judgement.operatorAccountNo, member);
  }

  /** Another asking later (SLIP_RETRY_DELAYS_MINUTES), until the window closes: then UNKNOW_ERROR. */
  private wait(draft: SlipDraft, reason: RetryLaterReason, uploadedAt: Date): Promise<Slip> {
    const attempts = (draft.existing?.attempts ?? 0) + 1;
    const now = this.deps.clock.now();
    this.deps.logger.info({ slipId: draft.upload.public_id, reason, attempts }, 'slip verifier asked us to wait');
    if (now.getTime() - uploadedAt.getTime() >= SLIP_RETRY_WINDOW_MS) {
      return this.keep(draft, { status: 'FAILED', note: 'UNKNOW_ERROR', attempts, next_check_at: null });
    }
    const delay = SLIP_RETRY_DELAYS_MINUTES[Math.min(attempts, SLIP_RETRY_DELAYS_MINUTES.length) - 1] ?? 30;
    const next = new Date(now.getTime() + delay * MINUTE_MS);
    return this.keep(draft, { status: 'IN_PROGRESS', note: null, attempts, next_check_at: next });
  }

  /**
   * Records the transfer (first: the unique key makes a racing slip or feed pass wait, then find it), its
   * `deposit` entry under the bank feed's ledger key, and the slip's outcome, in one transaction.
   */
  private async credit(draft: SlipDraft, transfer: VerifiedTransfer, operatorAccountNo: string, member: Member) {
    const accounts = await this.creditAccounts(member);
    const amount = { amount_minor: transfer.amountMinor, currency: transfer.currency };
    const attempts = (draft.existing?.attempts ?? 0) + 1;
    let held: Refusal | null = null;
    const row = await this.settled(draft, () =>
      transactionWithRetry(this.deps.db, async (trx) => {
        const slipId = draft.upload.public_id;
        const credited = await this.recordCredit(trx, accounts, { transfer, operatorAccountNo, member, slipId });
        if (!credited) return this.save(trx, draft, { status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED', ...amount });
        held = credited.held;
        return this.save(trx, draft, {
          status: credited.held ? 'FAILED' : 'SUCCESS',
          note: credited.held ? 'DEPOSIT_HELD' : null,
          ...amount,
          attempts,
          next_check_at: null,
          bank_transfer_id: credited.transferId,
          // A held slip names its transfer (in suspense, with its entry there) but credited nothing.
          entry_id: credited.held ? null : credited.entryId,
        });
      }),
    );
    // Held in suspense (docs/safer-play.md): the member who uploaded it hears why, with what is left.
    if (held && !draft.existing) throw refusalError(held);
    return row;
  }

  /** Keeps an outcome that moves no money. */
  private keep(draft: SlipDraft, outcome: SlipOutcome): Promise<Slip> {
    const attempts = outcome.attempts ?? (draft.existing?.attempts ?? 0) + 1;
    const next = outcome.next_check_at ?? null;
    return this.settled(draft, () => this.save(this.deps.db, draft, { ...outcome, attempts, next_check_at: next }));
  }

  /** Runs a settling; when another pass settled the waiting slip first, answers the slip as it now is. */
  private async settled(draft: SlipDraft, settle: () => Promise<Slip>): Promise<Slip> {
    try {
      return await settle();
    } catch (error) {
      if (!(error instanceof SlipSettledElsewhere) || !draft.existing) throw error;
      const now = await this.deps.repository.byPublicId(this.deps.db, draft.existing.public_id);
      if (!now) throw new Error(`slip ${draft.existing.public_id} vanished`);
      return now;
    }
  }

  /** Inserts a new upload's row, or settles a waiting one (only while it still waits). */
  private async save(db: Db | Transaction<Database>, draft: SlipDraft, outcome: SlipOutcome): Promise<Slip> {
    const now = this.deps.clock.now();
    if (!draft.existing) {
      return this.deps.repository.insert(db, { ...draft.upload, ...outcome, created_at: now, updated_at: now });
    }
    const row = await this.deps.repository.settleWaiting(db, draft.existing.id, { ...outcome, updated_at: now });
    if (!row) throw new SlipSettledElsewhere();
    return row;
  }

  /** The accounts a slip's credit moves, named before its transaction (PGlite's single connection). */
  async creditAccounts(member: Member): Promise<CreditAccounts> {
    const { ledger, db } = this.deps;
    const suspense = { kind: 'suspense', memberId: null, providerCode: null, currency: member.currency } as const;
    return {
      ...(await ledger.depositAccounts(db, member.id, member.currency)),
      suspense: await ledger.accountId(db, suspense),
    };
  }

  /** Records and credits (or holds) a slip's transfer in the caller's transaction (slip.credit.ts). */
  recordCredit(
    trx: Transaction<Database>,
    accounts: CreditAccounts,
    input: { transfer: VerifiedTransfer; operatorAccountNo: string; member: Member; slipId: string },
  ): Promise<SlipCredit | undefined> {
    return recordSlipCredit(this.deps, trx, accounts, input);
  }

  /**
   * The verifier's record of a refused slip's transfer, asked again for an operator's credit: the same
   * transfer the QR names, to an operator account of the member's currency. Anything else is not creditable.
   */
  async verifiedTransferOf(
    slip: Slip,
    member: Member,
  ): Promise<{ transfer: VerifiedTransfer; operatorAccountNo: string }> {
    if (!slip.sending_bank || !slip.reference) throw new AppError('NO_DATA');
    const query = queryOf(slip);
    let answer: SlipVerification;
    try {
      answer = await this.deps.verifier.verify({ ...query, picture: null });
    } catch (error) {
      if (!(error instanceof SlipVerifierUnavailableError)) throw error;
      throw new AppError('INTERNAL_SERVER_ERROR');
    }
    if (answer.status !== 'found') throw new AppError('SLIP_NOT_CREDITABLE');
    const { transfer } = answer;
    const same = namesTheTransfer(query, transfer) && transfer.amountMinor === slip.amount_minor;
    const operatorAccountNo = same ? await this.rules.operatorAccount(transfer, member.currency) : null;
    if (operatorAccountNo === null) throw new AppError('SLIP_NOT_CREDITABLE');
    return { transfer, operatorAccountNo };
  }

  private async failed(upload: Upload, note: SlipReasonCode, member: Member): Promise<SlipUploadResponse> {
    // Refused before the verifier was asked: no attempt.
    const outcome: SlipOutcome = { status: 'FAILED', note, attempts: 0 };
    return this.answer(await this.keep({ upload, existing: null }, outcome), member);
  }

  private async answer(row: Slip, member: Member): Promise<SlipUploadResponse> {
    const wallet = await this.deps.ledger.memberWallet(this.deps.db, member.id, member.currency);
    const balance = await this.deps.ledger.balanceOf(this.deps.db, wallet.id);
    return {
      message: row.status === 'SUCCESS' ? 'SUCCESS' : (row.note ?? row.status),
      slip: this.item(row),
      wallet: { amount: toMajor(balance) },
    };
  }

  async list(memberId: bigint, request: SlipsRequest): Promise<SlipsResponse> {
    const offset = (request.page - 1) * request.limit;
    const { db, repository } = this.deps;
    const { total, rows } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const total = await repository.count(trx, memberId);
        const rows = offset < total ? await repository.page(trx, memberId, offset, request.limit) : [];
        return { total, rows };
      });
    return { total, slips: rows.map((row) => this.item(row)) };
  }

  /** The picture URL of the member's own slip with this reference. */
  async urlByReference(memberId: bigint, reference: string): Promise<{ url: string }> {
    const row = await this.deps.repository.byReference(this.deps.db, memberId, reference);
    if (!row) throw new AppError('NO_DATA');
    return { url: this.link(row) };
  }

  item(row: Slip): SlipItem {
    return {
      id: row.public_id,
      createdAt: row.created_at.toISOString(),
      amount: row.amount_minor === null ? 0 : toMajor(row.amount_minor),
      status: row.status,
      note: row.note,
      link: row.file_name === null ? null : this.link(row),
      reference: row.reference,
      ...sandboxLabel(row.sandbox),
    };
  }

  /** The picture's signed URL, for the slip's member or an operator reviewing it; null when it was not stored. */
  /**
   * A slip picture by its signed, expiring URL (slip.links.ts): `unauthorized` when the id, the expiry or the
   * signature does not hold; `missing` when the slip kept no picture.
   */
  async picture(
    publicId: string,
    expires: number,
    signature: string,
  ): Promise<{ bytes: Buffer; contentType: string; publicId: string } | 'unauthorized' | 'missing'> {
    const { db, repository, store, urlSecret, clock } = this.deps;
    const slip = /^[0-9a-f]{32}$/.test(publicId) ? await repository.byPublicId(db, publicId) : undefined;
    if (!slip || !slipImageUrlValid(urlSecret, publicId, slip.member_id, expires, signature, clock.now().getTime())) {
      return 'unauthorized';
    }
    const bytes = slip.file_name === null ? null : await store.read(slip.file_name);
    return bytes ? { bytes, contentType: slip.content_type, publicId: slip.public_id } : 'missing';
  }

  pictureUrl(row: Slip): string | null {
    return row.file_name === null ? null : this.link(row);
  }

  private link(row: Slip): string {
    return slipImageUrl(this.deps.urlSecret, row.public_id, row.member_id, this.deps.clock.now().getTime());
  }
}

/** What a kept slip's QR names: read again from the QR as kept, or (kept before migration 0031) rebuilt. */
export function queryOf(slip: Slip): Omit<SlipQuery, 'picture'> {
  const reading = slip.qr_text ? readSlipQr([slip.qr_text]) : null;
  if (reading && 'query' in reading) return reading.query;
  const sendingBank = slip.sending_bank ?? '';
  const transRef = slip.reference ?? '';
  return { qr: generate.slipVerify({ sendingBank, transRef }), kind: 'thai', sendingBank, transRef };
}

/** Thrown in a settling transaction when a waiting slip was settled by another pass: rolls it back. */
class SlipSettledElsewhere extends Error {
  override name = 'SlipSettledElsewhere';
}
