import type { SlipReasonCode } from '@member-wallet/contract/error-codes';
import { bankOfBotCode } from '../../adapters/slip-verifier/bank-codes.ts';
import type {
  RetryLaterReason,
  SlipAccount,
  SlipQuery,
  SlipVerification,
  VerifiedTransfer,
} from '../../adapters/slip-verifier/slip-verifier.ts';
import type { Member } from '../../core/account/account.repository.ts';
import type { Db } from '../../db/database.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import type { BankFeedRepository } from '../bank-feed/bank-feed.module.ts';
import { fitting } from '../bank-feed/bank-feed.module.ts';
import type { DepositChannelsRepository } from '../deposit-channels/deposit-channels.module.ts';
import { accountFits, accountPatterns, accountsAgree, nameFits } from '../deposits/deposits.module.ts';

/** What a verifier's answer means for the slip, by the rules of docs/deposits/slips.md (Flow), in their order. */
export type SlipJudgement =
  | { outcome: 'failed'; note: SlipReasonCode; transfer?: VerifiedTransfer }
  | { outcome: 'wait'; reason: RetryLaterReason }
  | { outcome: 'credit'; transfer: VerifiedTransfer; operatorAccountNo: string };

export interface SlipRulesDeps {
  db: Db;
  transfers: BankFeedRepository;
  channels: DepositChannelsRepository;
  maxAgeMinutes: number;
}

/**
 * How far apart in time two records of one amount from one sender bank to one account are taken for one transfer
 * when their references differ (a statement line shows only its minute; clocks differ by seconds).
 */
export const SAME_TRANSFER_WINDOW_MS = 2 * MINUTE_MS;

type Named = Pick<SlipQuery, 'kind' | 'sendingBank' | 'transRef'>;

/**
 * The slip rules over what a party shows (docs/deposits/masked-accounts.md): the transfer the QR names, to exactly
 * one operator account of the member's currency, not recorded before, sent by the uploader and by no other member
 * the shown account and name fit, and not older than the limit at its upload.
 */
export class SlipRules {
  constructor(private readonly deps: SlipRulesDeps) {}

  async judge(answer: SlipVerification, query: Named, member: Member, uploadedAt: Date): Promise<SlipJudgement> {
    const refused = refusal(answer);
    if (refused) return refused;
    if (answer.status !== 'found') throw new Error(`unhandled verifier answer ${answer.status}`);
    const { transfer } = answer;
    const failed = (note: SlipReasonCode): SlipJudgement => ({ outcome: 'failed', note, transfer });
    if (!namesTheTransfer(query, transfer)) return failed('INVALID_SLIP');
    const operatorAccountNo = await this.operatorAccount(transfer, member.currency);
    if (operatorAccountNo === null) return failed('DEST_ACC_INVALID');
    if (await this.recorded(transfer, operatorAccountNo)) return failed('SLIP_REFNO_DUPLICATED');
    if (!(await this.sentOnlyBy(member, transfer.sender, query))) return failed('NOT_MATCH');
    const oldest = uploadedAt.getTime() - this.deps.maxAgeMinutes * MINUTE_MS;
    if (transfer.transferredAt.getTime() < oldest) return failed('EXPIRED_SLIP');
    return { outcome: 'credit', transfer, operatorAccountNo };
  }

  /**
   * The transfer is recorded already: under its reference (by the feed or another slip), or as a line of a
   * statement file (no bank reference; its minute only): the same account, amount and sender bank, an agreeing
   * sender, within SAME_TRANSFER_WINDOW_MS of the slip's time.
   */
  private async recorded(transfer: VerifiedTransfer, operatorAccountNo: string): Promise<boolean> {
    const { db, transfers } = this.deps;
    if (await transfers.findTransfer(db, operatorAccountNo, transfer.reference)) return true;
    const at = transfer.transferredAt.getTime();
    const senderBankCode = transfer.sender.bankCode;
    if (senderBankCode === null) return false;
    const near = await transfers.transfersNear(db, {
      operatorAccountNo,
      amountMinor: transfer.amountMinor,
      senderBankCode,
      from: new Date(at - SAME_TRANSFER_WINDOW_MS),
      to: new Date(at + SAME_TRANSFER_WINDOW_MS),
    });
    const shown = transfer.sender.account;
    return near.some((row) => shown === null || accountsAgree(row.sender_account_no, shown));
  }

  /**
   * The one operator bank account of the currency the shown receiver fits (bank, visible digits, name), or null
   * when none or several do.
   */
  async operatorAccount(transfer: VerifiedTransfer, currency: string): Promise<string | null> {
    const { receiver } = transfer;
    if (receiver.account === null || transfer.currency !== currency) return null;
    const shown = receiver.account;
    const accounts = (await this.deps.channels.bankAccounts()).filter(
      (channel) =>
        channel.currency === currency &&
        (receiver.bankCode === null || receiver.bankCode === channel.bank_code) &&
        accountFits(shown, channel.account_no) &&
        nameFits(receiver.nameEn, channel.account_name) !== 'mismatch',
    );
    const [only, other] = accounts;
    return only && !other ? only.account_no : null;
  }

  /**
   * The uploader sent it: their bank, the visible digits of their registered account, a name that is not
   * another's; and no other member of that bank fits what is shown (then it is not told whose it is).
   */
  private async sentOnlyBy(member: Member, sender: SlipAccount, query: Named): Promise<boolean> {
    const bankCode = sender.bankCode ?? (query.kind === 'thai' ? bankOfBotCode(query.sendingBank) : query.sendingBank);
    const patterns = sender.account === null ? null : accountPatterns(sender.account);
    if (patterns === null || sender.account === null || bankCode !== member.bank_code) return false;
    const found = await this.deps.transfers.membersByAccountPatterns(this.deps.db, bankCode, patterns);
    const fits = [sender.nameEn, sender.nameTh].reduce(
      (candidates, name) => fitting(candidates, sender.account ?? '', name),
      found,
    );
    return fits.length === 1 && fits[0]?.id === member.id;
  }
}

function refusal(answer: SlipVerification): SlipJudgement | null {
  switch (answer.status) {
    case 'not_found':
      return { outcome: 'failed', note: 'INVALID_SLIP' };
    case 'unstable':
      return { outcome: 'failed', note: 'UNSTABLE_REFNO_ON_SLIP' };
    case 'captcha_failed':
      return { outcome: 'failed', note: 'TRIPPLE_WRONG_CAPTCHA' };
    case 'duplicate':
      return { outcome: 'failed', note: 'SLIP_REFNO_DUPLICATED' };
    case 'retry_later':
      return { outcome: 'wait', reason: answer.reason };
    case 'found':
      return null;
  }
}

/** The party answered about the transfer the QR names: its reference, from its bank (when the party names one). */
export function namesTheTransfer(query: Named, transfer: VerifiedTransfer): boolean {
  const { bankCode } = transfer.sender;
  if (transfer.reference !== query.transRef) return false;
  if (bankCode === null) return true;
  return query.kind === 'thai' ? bankOfBotCode(query.sendingBank) === bankCode : query.sendingBank === bankCode;
}
