import { toMajor } from '@member-wallet/contract/money';
import { PNG } from 'pngjs';
import { oneProofQr } from './oneproof.ts';
import { Canvas, formatDate, type Rgb, type SlipDrawing } from './slip.render.ts';

/**
 * SANDBOX ONLY: a BCEL One-style transfer slip as a PNG (docs/parties/slip-verifier.md, BCEL OneProof): the
 * bank's band, "TRANSFER SUCCESSFUL", the date (Vientiane, UTC+7 as Bangkok), the amount in kip, the masked
 * accounts, the ticket, "SANDBOX - NOT A REAL SLIP", and the OneProof QR the caller hands in (`qrText`).
 */

const WIDTH = 480;
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [33, 37, 41];
const GREY: Rgb = [120, 124, 130];
const GREEN: Rgb = [0, 150, 80];
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
  const canvas = new Canvas();
  canvas.fill(0, 0, WIDTH, 110, BAND);
  canvas.text(`${slip.bankCode} ONE`, 32, 6, WHITE);
  canvas.text('TRANSFER SUCCESSFUL', 140, 3, GREEN);
  canvas.text(formatDate(slip.transferredAt), 180, 2, GREY);
  canvas.text('AMOUNT', 225, 2, GREY);
  canvas.text(formatKip(slip.amountMinor, slip.currency), 250, 4, INK);
  canvas.text(`FROM ${slip.bankCode}`, 320, 2, GREY, 40);
  canvas.text(maskLaoAccount(slip.senderAccountNo), 345, 3, INK, 40);
  canvas.text('TO', 395, 2, GREY, 40);
  canvas.text(maskLaoAccount(slip.receiverAccountNo), 420, 3, INK, 40);
  canvas.text('TICKET', 470, 2, GREY, 40);
  canvas.text(slip.reference, 495, 2, INK, 40);
  canvas.fill(40, 530, WIDTH - 80, 2, [222, 226, 230]);
  canvas.qr(slip.qrText, 545);
  canvas.text('SANDBOX - NOT A REAL SLIP', 825, 2, GREY);
  return PNG.sync.write(canvas.png);
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
