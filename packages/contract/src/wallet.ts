import { z } from 'zod/mini';
import { amountField } from './money.ts';
import { sandboxLabel } from './sandbox-label.ts';
import { requiredString } from './schema-helpers.ts';

/**
 * The member's money (spec sections 3 and 7, Wallet and Auto-login). Amounts are numbers in the currency's
 * major unit with at most 2 decimals (money.ts).
 */

export const GAME_CATEGORIES = ['slot', 'sport', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** In a transfer's `from` / `to`, the main wallet; a game account is named by its slot code (DESIGN.md 3). */
export const WALLET_CODE = 'wallet';

/** Provider codes the spec names (section 7, game launch handling); the demo catalogue holds them all. */
export const GAME_PROVIDER_CODES = [
  'PG',
  'BETFLIX',
  'JOKER',
  'SEXYGAME',
  'ASKMEBET',
  'UFABET',
  'SUPERSLOT',
  'SLOTXO',
  'IMI',
  'USUN',
  'AREASLOT',
  'CIRCUS',
  'SLOTRACHA',
  'PGSLOT',
  'JOKER2',
  'HUAYHD',
] as const;

/**
 * The auto-login paths of spec section 7: `GET /api/autoLogin/{path}/{username}` or
 * `.../{username}/{password}`, each answering `{ link }`.
 */
export const AUTO_LOGIN = {
  PG: { path: 'pg', password: false },
  BETFLIX: { path: 'betflix', password: false },
  ASKMEBET: { path: 'askmebet', password: true },
  IMI: { path: 'imi', password: true },
  USUN: { path: 'usun', password: true },
  AREASLOT: { path: 'areaslot', password: false },
  CIRCUS: { path: 'circus', password: true },
  SLOTRACHA: { path: 'slotracha', password: true },
  PGSLOT: { path: 'pgslot', password: true },
  JOKER2: { path: 'joker2', password: false },
  HUAYHD: { path: 'huayhd', password: false },
} as const satisfies Partial<Record<(typeof GAME_PROVIDER_CODES)[number], { path: string; password: boolean }>>;

/** A game account at a provider (spec section 3, Game account). `amount` is the provider-side balance. */
export const slotItem = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  logo: z.string(),
  background: z.string(),
  amount: z.number(),
  isActive: z.boolean(),
  /** The multiplier of this account's balance in the member's total (spec section 2, Home). */
  ftWalletSlot: z.number(),
  web: z.nullable(z.string()),
  android: z.nullable(z.string()),
  ios: z.nullable(z.string()),
  /** `true` when the provider is a sandbox provider: its account and balance are the sandbox's (sandbox-label.ts). */
  sandbox: sandboxLabel,
});
export type SlotItem = z.infer<typeof slotItem>;

/** `GET /api/wallet`. */
export const walletResponse = z.object({
  profile: z.object({ _id: z.string(), name: z.string(), username: z.string(), coin: z.number() }),
  bankAccount: z.object({
    bankAccountName: z.string(),
    bankAccountNo: z.string(),
    bankCode: z.string(),
    bank: z.object({ nameTH: z.string(), nameEN: z.string() }),
  }),
  wallet: z.object({ amount: z.number(), currency: z.string() }),
  invite: z.object({ amount: z.number(), success: z.number(), fail: z.number() }),
  slots: z.array(slotItem),
});
export type WalletResponse = z.infer<typeof walletResponse>;

/** `GET /api/wallet/account/{slotCode}` (and after activation or a password reset). */
export const slotAccountResponse = z.object({
  username: z.string(),
  password: z.string(),
  /** One provider adds a form to post for its game login (spec section 3). */
  event: z.optional(z.record(z.string(), z.unknown())),
  /** `true` when a sandbox provider made the account (sandbox-label.ts). */
  sandbox: sandboxLabel,
});
export type SlotAccountResponse = z.infer<typeof slotAccountResponse>;

const accountCode = requiredString(40);

/** `POST /api/wallet/transfer`: `from` and `to` are `wallet` or a slot code, and differ. */
export const transferRequest = z.object({ from: accountCode, to: accountCode, amount: amountField });
export type TransferRequest = z.infer<typeof transferRequest>;

/** `POST /api/wallet/transferAll`: everything in every active game account and the wallet goes to `to`. */
export const transferAllRequest = z.object({ to: accountCode });
export type TransferAllRequest = z.infer<typeof transferAllRequest>;

/**
 * `POST /api/wallet/add`: the slot account modal's "transfer only" action (spec section 5): moves `amount`
 * from the wallet into the game account `slotCode` without launching the game. The spec shows only `amount`;
 * the account must be named, so `slotCode` is part of the body (docs/wallet.md).
 */
export const addRequest = z.object({ slotCode: accountCode, amount: amountField });
export type AddRequest = z.infer<typeof addRequest>;

/** `POST /api/wallet/withdraw`. */
export const withdrawRequest = z.object({ amount: amountField });
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

/**
 * `POST /api/wallet/withdrawAll`: withdraws everything (used while a bonus is active, spec section 5).
 * `amount` is the total the member saw; the server refuses with KEY_INVALID if it is no longer the total.
 */
export const withdrawAllRequest = z.object({ amount: amountField });
export type WithdrawAllRequest = z.infer<typeof withdrawAllRequest>;

export const WITHDRAWAL_STATUSES = ['IN_PROGRESS', 'SUCCESS', 'FAILED'] as const;

/** A money action's answer: the spec's success dialog shows `message`; balances let the modal update. */
export const moneyActionResponse = z.object({
  message: z.string(),
  wallet: z.object({ amount: z.number() }),
  /** The transfer or withdrawal as recorded; a transfer whose provider outcome is unknown is IN_PROGRESS. */
  status: z.enum(WITHDRAWAL_STATUSES),
  reference: z.string(),
  /** A gift link's answer: `true` when the sandbox voucher party redeemed it (sandbox-label.ts). */
  sandbox: sandboxLabel,
});
export type MoneyActionResponse = z.infer<typeof moneyActionResponse>;

/** `GET /api/lookup/withdraw`: the server's limits, in the major unit. */
export const withdrawLookupResponse = z.object({ withdrawMin: z.number(), withdrawMax: z.number() });
export type WithdrawLookupResponse = z.infer<typeof withdrawLookupResponse>;

/** Every `GET /api/autoLogin/...` answer; `sandbox: true` when a sandbox provider made the link (sandbox-label.ts). */
export const autoLoginResponse = z.object({ link: z.string(), sandbox: sandboxLabel });
export type AutoLoginResponse = z.infer<typeof autoLoginResponse>;

/** A withdrawal not settled yet (docs/live.md): `review` when it waits for an operator before it is paid. */
export const pendingWithdrawal = z.object({
  /** The withdrawal's reference (`moneyActionResponse.reference`). */
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  review: z.boolean(),
  /** ISO 8601 date-time. */
  createdAt: z.string(),
});
export type PendingWithdrawal = z.infer<typeof pendingWithdrawal>;

/** `GET /api/wallet/withdrawals/pending`: the member's withdrawals still in progress, newest first. */
export const pendingWithdrawalsResponse = z.object({ withdrawals: z.array(pendingWithdrawal) });
export type PendingWithdrawalsResponse = z.infer<typeof pendingWithdrawalsResponse>;
