import { toMajor } from '@member-wallet/contract/money';
import { oneProofQr } from './oneproof.ts';
import { drawSlip, type Rgb, type SlipDrawing } from './slip.render.ts';

/**
 * SANDBOX ONLY: a BCEL One-style transfer slip as a PNG (docs/parties/slip-verifier.md, BCEL OneProof): the
 * bank's band, "TRANSFER SUCCESSFUL", the date (Vientiane, UTC+7 as Bangkok), the amount in kip, the masked
 * accounts, the ticket, "SANDBOX - NOT A REAL SLIP", and the OneProof QR the caller hands in (`qrText`).
 */

/** A neutral red band: the sandbox draws no bank's logo. */
const BAND: Rgb = [178, 34, 52];

/** A Lao account as a slip shows it: the last four digits, the rest hidden. */
export function maskLaoAccount(accountNo: string): string {
  const digits = accountNo.replace(/\D/g, '');
  return `XXXX-XXXX-${digits.slice(-4)}`;
}

/** `50,000 LAK`: kip in whole units as Lao apps write them, a fraction (never made by a QR) with 2 decimals. */
export function formatKip(amountMinor: bigint, currency: string): string {
  const [whole = '0', fraction = '00'] = toMajor(amountMinor).toFixed(2).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const unit = currency === 'BAHT' ? 'THB' : currency;
  return fraction === '00' ? `${grouped} ${unit}` : `${grouped}.${fraction} ${unit}`;
}

export function renderLaoSlip(slip: SlipDrawing): Buffer {
  return drawSlip({
    band: BAND,
    title: `${slip.bankCode} ONE`,
    transferredAt: slip.transferredAt,
    amount: formatKip(slip.amountMinor, slip.currency),
    bankCode: slip.bankCode,
    sender: maskLaoAccount(slip.senderAccountNo),
    receiver: maskLaoAccount(slip.receiverAccountNo),
    referenceLabel: 'TICKET',
    reference: slip.reference,
    qrText: slip.qrText,
  });
}

/** What of a sandbox bank transfer line a Lao slip shows. */
export interface LaoTransferLine {
  reference: string;
  sender_bank_code: string;
  sender_account_no: string;
  operator_account_no: string;
  amount_minor: bigint;
  currency: string;
  transferred_at: Date;
}

/**
 * The slip picture of a sandbox transfer from a Lao bank, or null: BCEL's (a BCEL One slip with its OneProof QR,
 * oneproof.ts) only, since the other Lao banks' slip QRs are not public and could be neither drawn nor verified.
 */
export function laoSlipPng(line: LaoTransferLine): Buffer | null {
  if (line.sender_bank_code !== 'BCEL') return null;
  return renderLaoSlip({
    bankCode: line.sender_bank_code,
    amountMinor: line.amount_minor,
    currency: line.currency,
    senderAccountNo: line.sender_account_no,
    receiverAccountNo: line.operator_account_no,
    transferredAt: line.transferred_at,
    reference: line.reference,
    qrText: oneProofQr(line.reference),
  });
}
