import { createHash, randomBytes } from 'node:crypto';
import type { SlipReasonCode } from '@member-wallet/contract/error-codes';
import { toMajor } from '@member-wallet/contract/money';
import type { SlipItem, SlipsRequest, SlipsResponse, SlipUploadResponse } from '@member-wallet/contract/slip';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { generate } from 'promptparse';
import { botCodeOfBank } from '../../adapters/slip-verifier/bank-codes.ts';
import {
  type SlipQuery,
  type SlipVerifier,
  SlipVerifierUnavailableError,
  type VerifiedTransfer,
} from '../../adapters/slip-verifier/slip-verifier.ts';
import type { Database, Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { sandboxLabel } from '../../lib/sandbox-label.ts';
import type { Member } from '../account/account.repository.ts';
import type { BankFeedRepository } from '../bank-feed/bank-feed.repository.ts';
import type { DepositChannelsRepository } from '../deposit-channels/deposit-channels.repository.ts';
import type { LedgerAccount, LedgerRepository } from '../ledger/ledger.repository.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { InvalidImageError } from '../uploads/picture.ts';
import type { ImageHeader, SlipPicture } from './slip.image.ts';
import { slipImageUrl, slipImageUrlValid } from './slip.links.ts';
import { readSlipQr } from './slip.qr.ts';
import type { NewSlip, Slip, SlipRepository } from './slip.repository.ts';

export interface SlipServiceDeps {
  db: Db;
  repository: SlipRepository;
  transfers: BankFeedRepository;
  channels: DepositChannelsRepository;
  ledger: LedgerService;
  ledgerRepository: LedgerRepository;
  members: { findById(id: bigint): Promise<Member | undefined> };
  verifier: SlipVerifier;
  /** The verifier is the sandbox's: each slip it is asked about is labelled so (docs/parties/README.md). */
  verifierIsSandbox: boolean;
  /** Checks the picture and reads its QR codes (modules/uploads/picture.pool.ts: in worker threads). */
  pictures: { readSlip(bytes: Buffer): Promise<SlipPicture> };
  store: FileStore;
  clock: Clock;
  logger: FastifyBaseLogger;
  urlSecret: string;
  maxAgeMinutes: number;
}

/** The two accounts a slip's credit moves: deposit clearing and the member's wallet. */
export interface CreditAccounts {
  wallet: LedgerAccount;
  clearing: LedgerAccount;
}

/** What is known of an upload before its outcome: the row's fixed columns. */
type Upload = Omit<NewSlip, 'status' | 'note' | 'created_at' | 'updated_at'>;

const invalidFile = () => new AppError('SLIP_INVALID_FILE', 400);

/**
 * Bank-transfer slips (docs/deposits/slips.md): the picture is checked by content, stored, read for its
 * mini-QR, verified with the bank, and credited once. A slip and the bank feed are two views of one transfer:
 * crediting records the transfer in `bank_transfers` (unique per operator account and reference) in the
 * transaction of its ledger entry, so whichever view gets there first credits it and the other finds it
 * recorded. Every upload of a readable picture is a row with its outcome.
 */
export class SlipService {
  constructor(private readonly deps: SlipServiceDeps) {}

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
    const read: Upload = { ...upload, sending_bank: reading.query.sendingBank, reference: reading.query.transRef };
    const evidence = { bytes, contentType: header.contentType };
    return this.verified(read, { ...reading.query, picture: evidence }, member);
  }

  private async store(bytes: Buffer, header: ImageHeader, member: Member): Promise<string | null> {
    try {
      return await this.deps.store.save(bytes, header.contentType === 'image/png' ? 'png' : 'jpg');
    } catch (error) {
      this.deps.logger.error({ err: error, memberId: member.id.toString() }, 'slip picture could not be stored');
      return null;
    }
  }

  /** Asks the verifier and applies the rules of docs/deposits/slips.md (Flow) in their order. */
  private async verified(read: Upload, query: SlipQuery, member: Member): Promise<SlipUploadResponse> {
    const upload: Upload = { ...read, sandbox: this.deps.verifierIsSandbox };
    let answer: Awaited<ReturnType<SlipVerifier['verify']>>;
    try {
      answer = await this.deps.verifier.verify(query);
    } catch (error) {
      if (!(error instanceof SlipVerifierUnavailableError)) throw error;
      this.deps.logger.warn({ err: error, reference: query.transRef }, 'slip verifier unavailable');
      return this.failed(upload, 'UNKNOW_ERROR', member);
    }
    if (answer.status === 'not_found') return this.failed(upload, 'INVALID_SLIP', member);
    if (answer.status === 'unstable') return this.failed(upload, 'UNSTABLE_REFNO_ON_SLIP', member);
    if (answer.status === 'captcha_failed') return this.failed(upload, 'TRIPPLE_WRONG_CAPTCHA', member);
    if (answer.status === 'duplicate') return this.failed(upload, 'SLIP_REFNO_DUPLICATED', member);
    if (answer.status === 'retry_later') return this.failed(upload, 'UNKNOW_ERROR', member);
    const { transfer } = answer;
    const withAmount: Upload = { ...upload, amount_minor: transfer.amountMinor, currency: transfer.currency };
    // The bank answered about another transfer than the one the QR names: not this slip.
    const sameTransfer =
      transfer.reference === query.transRef && botCodeOfBank(transfer.sender.bankCode ?? '') === query.sendingBank;
    if (!sameTransfer) return this.failed(withAmount, 'INVALID_SLIP', member);
    const channel = await this.deps.channels.bankAccount(transfer.receiver.account ?? '');
    if (!channel || channel.currency !== transfer.currency || member.currency !== transfer.currency) {
      return this.failed(withAmount, 'DEST_ACC_INVALID', member);
    }
    if (await this.deps.transfers.findTransfer(this.deps.db, channel.account_no, transfer.reference)) {
      return this.failed(withAmount, 'SLIP_REFNO_DUPLICATED', member);
    }
    if (!sentBy(member, transfer)) return this.failed(withAmount, 'NOT_MATCH', member);
    const oldest = this.deps.clock.now().getTime() - this.deps.maxAgeMinutes * MINUTE_MS;
    if (transfer.transferredAt.getTime() < oldest) return this.failed(withAmount, 'EXPIRED_SLIP', member);
    return this.answer(await this.credit(withAmount, transfer, channel.account_no, member), member);
  }

  /**
   * Records the transfer (first: the unique key makes a racing slip or feed pass wait, then find it), its
   * `deposit` entry under the bank feed's ledger key, and the slip, in one transaction.
   */
  private async credit(upload: Upload, transfer: VerifiedTransfer, operatorAccountNo: string, member: Member) {
    const { db, repository, clock } = this.deps;
    const accounts = await this.creditAccounts(member);
    return transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      const credited = await this.recordCredit(trx, accounts, {
        transfer,
        operatorAccountNo,
        member,
        slipId: upload.public_id,
      });
      if (!credited) {
        return repository.insert(trx, {
          ...upload,
          status: 'FAILED',
          note: 'SLIP_REFNO_DUPLICATED',
          created_at: now,
          updated_at: now,
        });
      }
      return repository.insert(trx, {
        ...upload,
        status: 'SUCCESS',
        note: null,
        bank_transfer_id: credited.transferId,
        entry_id: credited.entryId,
        created_at: now,
        updated_at: now,
      });
    });
  }

  /** The accounts a slip's credit moves, named before its transaction (PGlite's single connection). */
  async creditAccounts(member: Member): Promise<CreditAccounts> {
    return this.deps.ledger.depositAccounts(this.deps.db, member.id, member.currency);
  }

  /**
   * In the caller's transaction: records the transfer as the slip's (inserted first: a transfer the feed or
   * another slip recorded answers undefined and moves nothing) and credits it to the member under the bank
   * feed's ledger key. Also used by the back-office's credit of a reviewed slip (slips.backoffice.service.ts).
   */
  async recordCredit(
    trx: Transaction<Database>,
    accounts: CreditAccounts,
    input: { transfer: VerifiedTransfer; operatorAccountNo: string; member: Member; slipId: string },
  ): Promise<{ transferId: bigint; entryId: bigint } | undefined> {
    const { ledger, transfers, clock } = this.deps;
    const { transfer, operatorAccountNo, member } = input;
    const now = clock.now();
    const transferId = await transfers.insertTransferIfAbsent(trx, {
      reference: transfer.reference,
      operator_account_no: operatorAccountNo,
      sender_bank_code: transfer.sender.bankCode ?? '',
      sender_account_no: transfer.sender.account ?? '',
      amount_minor: transfer.amountMinor,
      currency: transfer.currency,
      transferred_at: transfer.transferredAt,
      status: 'matched',
      unmatched_reason: null,
      member_id: member.id,
      recorded_by: 'slip',
      created_at: now,
      updated_at: now,
    });
    if (transferId === undefined) return undefined;
    const posted = await ledger.postDeposit(trx, {
      memberId: member.id,
      idempotencyKey: `bank:${operatorAccountNo}:${transfer.reference}`,
      reference: { source: transfer.sender.bankCode ?? '', slip: transfer.reference },
      metadata: { operatorAccountNo, senderAccountNo: transfer.sender.account, slipId: input.slipId },
      from: accounts.clearing.id,
      to: accounts.wallet.id,
      amountMinor: transfer.amountMinor,
    });
    await transfers.setEntry(trx, transferId, posted.entry.id, now);
    return { transferId, entryId: posted.entry.id };
  }

  /**
   * The verifier's record of a refused slip's transfer, asked again for an operator's credit: the same
   * transfer the QR names, to an operator account of the member's currency. Anything else is not creditable.
   */
  async verifiedTransferOf(
    slip: Slip,
    member: Member,
  ): Promise<{ transfer: VerifiedTransfer; operatorAccountNo: string }> {
    if (!slip.sending_bank || !slip.reference) throw new AppError('NO_DATA', 404);
    let answer: Awaited<ReturnType<SlipVerifier['verify']>>;
    try {
      answer = await this.deps.verifier.verify({
        qr: generate.slipVerify({ sendingBank: slip.sending_bank, transRef: slip.reference }),
        kind: 'thai',
        sendingBank: slip.sending_bank,
        transRef: slip.reference,
        picture: null,
      });
    } catch (error) {
      if (!(error instanceof SlipVerifierUnavailableError)) throw error;
      throw new AppError('INTERNAL_SERVER_ERROR', 503);
    }
    if (answer.status !== 'found') throw new AppError('KEY_INVALID', 409);
    const { transfer } = answer;
    const same =
      transfer.reference === slip.reference &&
      botCodeOfBank(transfer.sender.bankCode ?? '') === slip.sending_bank &&
      transfer.amountMinor === slip.amount_minor;
    const channel = await this.deps.channels.bankAccount(transfer.receiver.account ?? '');
    if (!same || !channel || channel.currency !== transfer.currency || member.currency !== transfer.currency) {
      throw new AppError('KEY_INVALID', 409);
    }
    return { transfer, operatorAccountNo: channel.account_no };
  }

  private async failed(upload: Upload, note: SlipReasonCode, member: Member): Promise<SlipUploadResponse> {
    const now = this.deps.clock.now();
    const row = await this.deps.repository.insert(this.deps.db, {
      ...upload,
      status: 'FAILED',
      note,
      created_at: now,
      updated_at: now,
    });
    return this.answer(row, member);
  }

  private async answer(row: Slip, member: Member): Promise<SlipUploadResponse> {
    const wallet = await this.deps.ledger.memberWallet(this.deps.db, member.id, member.currency);
    const fresh = await this.deps.ledgerRepository.findAccountById(this.deps.db, wallet.id);
    return {
      message: row.status === 'SUCCESS' ? 'SUCCESS' : (row.note ?? row.status),
      slip: this.item(row),
      wallet: { amount: toMajor(fresh?.balance ?? 0n) },
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
    if (!row) throw new AppError('NO_DATA', 404);
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

/** The member's registered account sent it: the same bank, and the same digits (as the bank feed matches). */
function sentBy(member: Member, transfer: VerifiedTransfer): boolean {
  const digits = (value: string) => value.replace(/\D/g, '');
  return (
    transfer.sender.bankCode === member.bank_code &&
    digits(transfer.sender.account ?? '') !== '' &&
    digits(transfer.sender.account ?? '') === digits(member.bank_account_no)
  );
}
