import { z } from 'zod/mini';
import { QR_GATEWAYS } from '../deposit.ts';
import { pageQuery } from './common.ts';

// Deposits and QR codes (docs/backoffice/deposits.md, Deposits and QR codes).

/** The ways money comes in: QR payments, TrueMoney gift links, bank transfers (the feed or a slip), slips. */
export const DEPOSIT_CHANNELS = ['qr', 'truelink', 'bank', 'slip'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];

/** The states each channel's records take, for the status filter (a status of another channel matches none). */
export const DEPOSIT_STATUSES = {
  qr: ['creating', 'live', 'paid', 'cancelled', 'expired', 'failed'],
  truelink: ['redeeming', 'unknown', 'credited'],
  bank: ['matched', 'unmatched'],
  slip: ['IN_PROGRESS', 'SUCCESS', 'FAILED'],
} as const satisfies Record<DepositChannel, readonly string[]>;

const depositFilters = {
  channel: z.optional(z.enum(DEPOSIT_CHANNELS)),
  status: z.optional(z.string().check(z.regex(/^[A-Za-z_]{1,32}$/, { error: 'KEY_INVALID' }))),
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3,8}$/, { error: 'KEY_INVALID' }))),
  /** The start of the member's phone number. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(32, { error: 'KEY_INVALID' }))),
};
export const depositQuery = z.extend(pageQuery, depositFilters);
export type DepositQuery = z.infer<typeof depositQuery>;
export const depositCsvQuery = z.object(depositFilters);
export type DepositCsvQuery = z.infer<typeof depositCsvQuery>;

const rowMember = z.nullable(z.object({ id: z.string(), phone: z.string(), name: z.string() }));

/**
 * One deposit of any channel. `id` is the channel's own id (qrcodeId, the gift link's reference, the bank's
 * reference, the slip's id); `amountMinor` null while unknown (a slip not verified, a redemption in progress);
 * `reason` why it is not credited (a slip's reason, an unmatched transfer's); `entryId` the ledger entry that
 * credited it (or, for an unmatched transfer, parked it in suspense).
 */
export const backofficeDeposit = z.object({
  id: z.string(),
  channel: z.enum(DEPOSIT_CHANNELS),
  /** The gateway, the sending bank's code, `truemoney`. */
  source: z.nullable(z.string()),
  member: rowMember,
  amountMinor: z.nullable(z.string()),
  currency: z.nullable(z.string()),
  status: z.string(),
  reason: z.nullable(z.string()),
  entryId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BackofficeDeposit = z.infer<typeof backofficeDeposit>;
export const depositPage = z.object({ total: z.int(), deposits: z.array(backofficeDeposit) });
export type DepositPage = z.infer<typeof depositPage>;

export const QR_CODE_STATUSES = DEPOSIT_STATUSES.qr;
export type QrCodeStatus = (typeof QR_CODE_STATUSES)[number];
const qrFilters = {
  status: z.optional(z.enum(QR_CODE_STATUSES)),
  gateway: z.optional(z.enum(QR_GATEWAYS)),
};
export const qrCodeQuery = z.extend(pageQuery, qrFilters);
export type QrCodeQuery = z.infer<typeof qrCodeQuery>;
export const qrCodeCsvQuery = z.object(qrFilters);
export type QrCodeCsvQuery = z.infer<typeof qrCodeCsvQuery>;

export const backofficeQrCode = z.object({
  /** Our qrcodeId. */
  id: z.string(),
  gateway: z.string(),
  gatewayReference: z.nullable(z.string()),
  member: rowMember,
  amountMinor: z.string(),
  paidAmountMinor: z.nullable(z.string()),
  currency: z.string(),
  status: z.enum(QR_CODE_STATUSES),
  expiresAt: z.string(),
  paidAt: z.nullable(z.string()),
  entryId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BackofficeQrCode = z.infer<typeof backofficeQrCode>;
export const qrCodePage = z.object({ total: z.int(), qrCodes: z.array(backofficeQrCode) });
export type QrCodePage = z.infer<typeof qrCodePage>;
