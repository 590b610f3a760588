import { z } from 'zod/mini';
import { amountField } from './money.ts';
import { sandboxLabel } from './sandbox-label.ts';

/**
 * Deposit channels and QR payments (spec sections 2, 3, 4, 5, 7 and 9; docs/deposits/README.md, qr.md). Amounts are numbers
 * in the currency's major unit, as everywhere at the API edge.
 */

/**
 * The QR providers: a bank's own QR (KBANK in Thailand, BCEL in Laos) and the payment types. Each is one
 * `PaymentGateway` on the server and one tab of the deposit modal; `GET /api/qrcode/{gateway}` uses the code.
 */
export const QR_GATEWAYS = ['KBANK', 'BCEL', 'WW', 'FP', 'PAYONEX'] as const;
export type QrGateway = (typeof QR_GATEWAYS)[number];

/** `BANK`: a bank (SCB, KBANK, GSB, BCEL, ...); `PAYMENT`: a payment type (WW, FP, PAYONEX). */
export const DEPOSIT_BANK_TYPES = ['BANK', 'PAYMENT'] as const;
export type DepositBankType = (typeof DEPOSIT_BANK_TYPES)[number];

/**
 * How money reaches the account of a deposit entry: `AUTO`, a bank transfer the bank feed matches to the member
 * by their registered account; `QR`, a QR code of the entry's gateway; `MANUAL`, a bank transfer the member
 * proves with a slip.
 */
export const DEPOSIT_MODES = ['AUTO', 'QR', 'MANUAL'] as const;
export type DepositMode = (typeof DEPOSIT_MODES)[number];

/** TrueMoney: `AUTO`, a transfer to the operator's wallet (shown for information); `GIFT_LINK`, a gift link. */
export const DEPOSIT_WALLET_MODES = ['AUTO', 'GIFT_LINK'] as const;
export type DepositWalletMode = (typeof DEPOSIT_WALLET_MODES)[number];

/** One entry of the deposit modal (DESIGN.md section 3 fixes the field names). */
export const depositBank = z.object({
  bankCode: z.string(),
  bankType: z.enum(DEPOSIT_BANK_TYPES),
  mode: z.enum(DEPOSIT_MODES),
  bankNameTH: z.string(),
  bankNameEN: z.string(),
  bankNameLO: z.string(),
  /** The operator's account name (a merchant name for a payment type). */
  accountName: z.string(),
  /** The operator's account number; empty for a payment type. */
  accountNo: z.string(),
  /** `BAHT` or `LAK`. */
  currency: z.string(),
  /**
   * QR entries: the smallest amount the server accepts (spec section 9: WW and PAYONEX 100, FP 10 or the
   * operator's setting; the first provider anything above 0, sent as 0). 0 for other entries.
   */
  minAmount: z.number(),
});
export type DepositBank = z.infer<typeof depositBank>;

export const depositWallet = z.object({
  mode: z.enum(DEPOSIT_WALLET_MODES),
  walletAccountName: z.string(),
});
export type DepositWallet = z.infer<typeof depositWallet>;

/**
 * `GET /api/lookup/deposit` (bearer): the entries for the member's currency, in the operator's order. `isManual`:
 * the operator accepts transfers proved by a slip (the modal offers the slip upload).
 */
export const depositLookupResponse = z.object({
  banks: z.array(depositBank),
  wallets: z.array(depositWallet),
  isManual: z.boolean(),
});
export type DepositLookupResponse = z.infer<typeof depositLookupResponse>;

/** `POST /api/qrcode/{gateway}` body (the server also enforces the entry's `minAmount`). */
export const qrcodeCreateRequest = z.object({ amount: amountField });
export type QrcodeCreateRequest = z.infer<typeof qrcodeCreateRequest>;

/**
 * `GET /api/qrcode/{gateway}` and `POST /api/qrcode/{gateway}`: the member's live QR of that gateway, if any.
 * With no QR, `hasQrcode` is false, `qrcodeId` and `qrcode` are empty, `amount` and `expireIn` are 0 and
 * `message` says why (`NO_DATA` for a GET with nothing live, `QR_FAIL` when the gateway refused or did not
 * answer a creation; the client shows it as a red toast).
 */
export const qrcodeResponse = z.object({
  qrcodeId: z.string(),
  hasQrcode: z.boolean(),
  /** SVG markup of the QR (a complete `<svg>` document); the client shows it as an image, never as HTML. */
  qrcode: z.string(),
  amount: z.number(),
  /** Seconds until the QR expires (the countdown shows mm:ss; 0 means expired). */
  expireIn: z.int(),
  message: z.string(),
  /** `true` when a sandbox gateway made the QR: no real QR, nobody may pay it (sandbox-label.ts). */
  sandbox: sandboxLabel,
});
export type QrcodeResponse = z.infer<typeof qrcodeResponse>;

/** `DELETE /api/qrcode/{gateway}/{qrcodeId}`: the QR is cancelled (a payment arriving later is still credited). */
export const qrcodeDeleteResponse = z.object({ message: z.string() });
