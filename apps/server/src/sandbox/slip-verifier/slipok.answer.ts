import { toMajor } from '@member-wallet/contract/money';
import { botCodeOfBank } from '../../adapters/slip-verifier/bank-codes.ts';
import {
  SLIPOK_ERROR_MESSAGES,
  type SlipOkErrorCode,
  type SlipOkParty,
  type SlipOkSlip,
} from '../../adapters/slip-verifier/slipok.wire.ts';
import { maskAccount } from '../mask.ts';

/**
 * SANDBOX ONLY. What the sandbox SlipOK answers, in SlipOK's wire format (adapters/slip-verifier/slipok.wire.ts,
 * docs/parties/slip-verifier.md): accounts masked and names cut as the banks show them on a verified slip,
 * every message labelled as the sandbox's.
 */

export const SANDBOX_LABEL = 'SANDBOX - NOT A REAL SLIP';
const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const THAI = /[\u0E00-\u0E7F]/;

export interface SandboxSlipOkAnswer {
  status: number;
  /** JSON, or a text that is not (a fault's). */
  body: unknown;
}

/**
 * A person's name as a verified slip shows it: every word but the last, then the last one's first letter
 * (`นาย สมชาย ใ`, `MR. SOMCHAI J`). Thai is the display name only (SlipOK's English `name` is the bank's own
 * romanisation, which the sandbox does not know); English is upper case in both.
 */
export function shownNames(fullName: string | null): { displayName: string; name: string } {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { displayName: '', name: '' };
  const last = [...(words.at(-1) ?? '')][0] ?? '';
  const cut = words.length > 1 ? [...words.slice(0, -1), last].join(' ') : (words[0] ?? '');
  if (THAI.test(cut)) return { displayName: cut, name: '' };
  return { displayName: cut.toUpperCase(), name: cut.toUpperCase() };
}

/** The day and time in Bangkok as a slip prints them: `yyyyMMdd`, `HH:mm:ss`. */
export function bangkokStamp(at: Date): { transDate: string; transTime: string } {
  const local = new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString();
  return { transDate: local.slice(0, 10).replaceAll('-', ''), transTime: local.slice(11, 19) };
}

function party(displayName: { displayName: string; name: string }, accountNo: string): SlipOkParty {
  return {
    ...displayName,
    proxy: { type: null, value: null },
    account: { type: 'BANKAC', value: maskAccount(accountNo) },
  };
}

export interface SandboxTransferLine {
  reference: string;
  sender_bank_code: string;
  sender_account_no: string;
  sender_account_name: string | null;
  operator_account_no: string;
  amount_minor: bigint;
  transferred_at: Date;
}

/** The check-slip `data` of a sandbox transfer, to the operator account `receiver` (a deposit channel, if any). */
export function slipOkSlip(
  line: SandboxTransferLine,
  receiver: { bank_code: string; account_name: string } | undefined,
): SlipOkSlip {
  const amount = toMajor(line.amount_minor);
  return {
    success: true,
    message: `✅ ${SANDBOX_LABEL}`,
    language: 'TH',
    receivingBank: receiver ? (botCodeOfBank(receiver.bank_code) ?? '') : '',
    sendingBank: botCodeOfBank(line.sender_bank_code) ?? '',
    transRef: line.reference,
    ...bangkokStamp(line.transferred_at),
    transTimestamp: line.transferred_at.toISOString(),
    sender: party(shownNames(line.sender_account_name), line.sender_account_no),
    // The operator's account name is a business's, shown whole as its bank registered it.
    receiver: party(
      { displayName: receiver?.account_name ?? '', name: receiver?.account_name.toUpperCase() ?? '' },
      line.operator_account_no,
    ),
    amount,
    paidLocalAmount: amount,
    paidLocalCurrency: 'THB',
    countryCode: 'TH',
    transFeeAmount: 0,
    ref1: '',
    ref2: '',
    ref3: '',
    toMerchantId: '',
  };
}

/** An error as SlipOK answers it, its message labelled; `{name}` placeholders filled from `fill`. */
export function slipOkError(
  code: SlipOkErrorCode,
  data?: unknown,
  fill: Record<string, string | number> = {},
): SandboxSlipOkAnswer {
  const documented = SLIPOK_ERROR_MESSAGES[code].replace(/\{(\w+)\}/g, (_, name: string) => String(fill[name] ?? ''));
  const body = { success: false, code, message: `${SANDBOX_LABEL}: ${documented}` };
  return { status: 400, body: data === undefined ? body : { ...body, data } };
}
