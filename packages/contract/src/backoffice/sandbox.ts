import { z } from 'zod/mini';
import { QR_GATEWAYS } from '../deposit.ts';

// Sandbox controls (docs/backoffice/sandbox.md, Sandbox controls): SANDBOX ONLY.

/**
 * `sandbox`: sandbox mode is on (the sandbox controls exist). `active`: sandbox mode is on and at least one party
 * answers from its sandbox, when the back-office shows its SANDBOX mark (docs/parties/README.md, The sandbox label).
 */
export const sandboxStatus = z.object({ sandbox: z.boolean(), active: z.boolean() });
export type SandboxStatus = z.infer<typeof sandboxStatus>;

const positiveMinor = z.string().check(z.regex(/^[1-9]\d{0,15}$/, { error: 'KEY_INVALID' }));

/** Pays the QR's asked amount, or `amountMinor` (another amount, as a payer who changed it). */
export const sandboxQrPayRequest = z.object({ amountMinor: z.optional(positiveMinor) });
export type SandboxQrPayRequest = z.infer<typeof sandboxQrPayRequest>;
export const sandboxQrPayResponse = z.object({
  qrcodeId: z.string(),
  gateway: z.string(),
  amountMinor: z.string(),
  /** How many webhook deliveries we accepted (1 once it was credited). */
  delivered: z.int(),
});
export type SandboxQrPayResponse = z.infer<typeof sandboxQrPayResponse>;

export const sandboxBankTransferRequest = z.object({
  operatorAccountNo: z.string().check(z.regex(/^[0-9-]{1,40}$/, { error: 'KEY_INVALID' })),
  senderBankCode: z.string().check(z.regex(/^[A-Z0-9_]{1,20}$/, { error: 'KEY_INVALID' })),
  senderAccountNo: z.string().check(z.regex(/^[0-9-]{1,40}$/, { error: 'KEY_INVALID' })),
  amountMinor: positiveMinor,
  /** The operator account's currency: BAHT unless told. */
  currency: z.optional(z.string().check(z.regex(/^[A-Z]{3,8}$/, { error: 'KEY_INVALID' }))),
});
export type SandboxBankTransferRequest = z.infer<typeof sandboxBankTransferRequest>;
export const sandboxBankTransferResponse = z.object({ reference: z.string() });

/** The sandbox parties whose faults an operator sets, each with what its sandbox already supports. */
export const SANDBOX_PARTIES = ['games', 'payout', 'payments', 'voucher', 'slipVerifier', 'bankFeed'] as const;
export type SandboxParty = (typeof SANDBOX_PARTIES)[number];
export const SANDBOX_FAULT_KINDS = {
  payout: ['none', 'unavailable', 'lostAnswer'],
  payments: ['none', 'unavailable', 'refuse', 'lostAnswer', 'timeout'],
  voucher: ['none', 'unavailable', 'lostAnswer'],
  slipVerifier: ['none', 'unavailable', 'captcha', 'garbage'],
  bankFeed: ['none', 'unavailable'],
} as const;
export const SANDBOX_GAME_FAULT_OPERATIONS = [
  'deposit',
  'withdraw',
  'createAccount',
  'resetPassword',
  'balance',
  'status',
  'bets',
] as const;

const rate = z.number().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(1, { error: 'KEY_INVALID' }));
const millis = (max: number) =>
  z.int().check(z.minimum(0, { error: 'KEY_INVALID' }), z.maximum(max, { error: 'KEY_INVALID' }));

/** The game providers' faults (all providers at once): rates of refusals and lost answers, and a latency. */
export const sandboxGameFaults = z.object({
  latencyMs: millis(30_000),
  errorRate: rate,
  timeoutRate: rate,
  appliedThenTimeoutRate: rate,
  lateApplyMs: millis(86_400_000),
  operations: z.array(z.enum(SANDBOX_GAME_FAULT_OPERATIONS)),
});
export const sandboxPayoutFaults = z.object({
  fault: z.enum(SANDBOX_FAULT_KINDS.payout),
  delayMs: millis(86_400_000),
  failRate: rate,
  webhooks: z.boolean(),
});
export const sandboxGatewayFaults = z.object({
  gateway: z.enum(QR_GATEWAYS),
  fault: z.enum(SANDBOX_FAULT_KINDS.payments),
  latencyMs: millis(60_000),
});
export const sandboxSlipVerifierFaults = z.object({
  fault: z.enum(SANDBOX_FAULT_KINDS.slipVerifier),
  latencyMs: millis(30_000),
});

export const sandboxVoucherFaults = z.object({ fault: z.enum(SANDBOX_FAULT_KINDS.voucher) });
export const sandboxBankFeedFaults = z.object({ fault: z.enum(SANDBOX_FAULT_KINDS.bankFeed) });

/**
 * `GET /backoffice/api/sandbox/faults`: how each sandbox party behaves now; null for a party this server did
 * not mount (a real party configured in its place, or its secret unset). Games: every provider at once.
 */
export const sandboxFaultsResponse = z.object({
  games: sandboxGameFaults,
  payout: z.nullable(sandboxPayoutFaults),
  payments: z.array(sandboxGatewayFaults),
  voucher: z.nullable(sandboxVoucherFaults),
  slipVerifier: z.nullable(sandboxSlipVerifierFaults),
  bankFeed: z.nullable(sandboxBankFeedFaults),
});
export type SandboxFaultsResponse = z.infer<typeof sandboxFaultsResponse>;

/** The body of `PUT …/sandbox/faults/:party`: that party's whole setting, as GET answers it. */
export const SANDBOX_FAULT_REQUESTS = {
  games: sandboxGameFaults,
  payout: sandboxPayoutFaults,
  payments: sandboxGatewayFaults,
  voucher: sandboxVoucherFaults,
  slipVerifier: sandboxSlipVerifierFaults,
  bankFeed: sandboxBankFeedFaults,
} as const;
