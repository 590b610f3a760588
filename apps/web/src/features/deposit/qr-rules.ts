import { QR_PAYMENT_TYPES, QR_QUICK_AMOUNTS, type QrPaymentType } from '@member-wallet/contract/constants';
import type { DepositBank } from '@member-wallet/contract/deposit';

/**
 * The QR rules of spec sections 5 and 9. A payment type (WW, PAYONEX, FP) has its own quick amounts; a bank's
 * own QR (KBANK, BCEL: the "first QR provider") has the `first` list and takes any amount above 0. The
 * minimum is the server's `minAmount` for the entry; for FP the build setting (`VITE_FP_MIN_DEPOSIT`) may
 * raise it, and FP's first quick amount is that minimum.
 */
function paymentType(code: string): QrPaymentType | undefined {
  return QR_PAYMENT_TYPES.find((type) => type === code);
}

export function qrMinimum(entry: Pick<DepositBank, 'bankCode' | 'minAmount'>, fpMinDeposit: number): number {
  return entry.bankCode === 'FP' ? Math.max(entry.minAmount, fpMinDeposit) : entry.minAmount;
}

export function qrQuickAmounts(entry: Pick<DepositBank, 'bankCode'>, fpMinDeposit: number): readonly number[] {
  const type = paymentType(entry.bankCode);
  if (!type) return QR_QUICK_AMOUNTS.first;
  if (type === 'FP') return [fpMinDeposit, ...QR_QUICK_AMOUNTS.FP.slice(1)];
  return QR_QUICK_AMOUNTS[type];
}

/** The create button works for an amount at or above the minimum, and always above 0. */
export function canCreateQr(amount: number | null, minimum: number): amount is number {
  return amount !== null && amount > 0 && amount >= minimum;
}

/** `mm:ss` of a countdown (spec section 9). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

/**
 * The QR markup as an image source. An `<img>` never runs script in an SVG, which `innerHTML` would, so the
 * server's markup is shown this way only.
 */
export function svgImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** `deposit-qr-KBANK-250.00.png`: what the gallery and the share sheet show. */
export function qrPictureName(gateway: string, amount: number): string {
  return `deposit-qr-${gateway.replace(/[^A-Za-z0-9]/g, '')}-${amount.toFixed(2)}.png`;
}
