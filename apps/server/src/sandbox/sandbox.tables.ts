import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { CreatedAt } from '../db/tables/columns.ts';

export interface SandboxSmsMessagesTable {
  id: Generated<bigint>;
  phone: string;
  body: string;
  created_at: CreatedAt;
}

export interface SandboxGameAccountsTable {
  id: Generated<bigint>;
  provider_code: string;
  external_id: string;
  username: string;
  password: string;
  balance_minor: ColumnType<bigint, bigint | undefined, bigint>;
  created_at: CreatedAt;
}

export interface SandboxGameTransactionsTable {
  provider_code: string;
  tx_id: string;
  account_id: bigint;
  type: 'deposit' | 'withdraw';
  amount_minor: bigint;
  status: 'applied' | 'failed' | 'pending';
  reason: string | null;
  apply_at: Date | null;
  created_at: CreatedAt;
}

export interface SandboxGameBetsTable {
  id: Generated<bigint>;
  account_id: bigint;
  stake_minor: bigint;
  win_minor: bigint;
  reels: string;
  created_at: CreatedAt;
}

/** The sandbox payout party's own records. */
export interface SandboxPayoutsTable {
  reference: string;
  payout_id: string;
  amount_minor: bigint;
  currency: string;
  bank_code: string;
  account_no: string;
  account_name: string;
  callback_url: string | null;
  status: 'pending' | 'paid' | 'failed';
  outcome: 'paid' | 'failed';
  failure_reason: string | null;
  settle_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** The sandbox bank feed's own records; a reference injected twice is a re-delivery. */
export interface SandboxBankTransfersTable {
  id: Generated<bigint>;
  reference: string;
  operator_account_no: string;
  sender_bank_code: string;
  sender_account_no: string;
  /** The sender's name when the injection gave one (sandbox migration 0002). */
  sender_account_name: string | null;
  amount_minor: bigint;
  currency: string;
  transferred_at: Date;
  created_at: Date;
}

/** The sandbox voucher party's gift vouchers. */
export interface SandboxVouchersTable {
  code: string;
  amount_minor: bigint;
  status: 'available' | 'redeemed';
  redeemed_reference: string | null;
  redeemed_at: Date | null;
  created_at: Date;
}

/** The sandbox payment gateways' own QR records (expired is read from expires_at). */
export interface SandboxPaymentQrcodesTable {
  gateway: string;
  qrcode_id: string;
  gateway_reference: string;
  amount_minor: bigint;
  currency: string;
  payload: string;
  status: 'live' | 'paid' | 'cancelled';
  expires_at: Date;
  callback_url: string | null;
  paid_amount_minor: bigint | null;
  paid_at: Date | null;
  payment_event_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The sandbox parties' own records, created by the sandbox's migrations when `SANDBOX=1`; no module reads them. */
export type SandboxTables = {
  sandbox_sms_messages: SandboxSmsMessagesTable;
  sandbox_game_accounts: SandboxGameAccountsTable;
  sandbox_game_transactions: SandboxGameTransactionsTable;
  sandbox_game_bets: SandboxGameBetsTable;
  sandbox_payouts: SandboxPayoutsTable;
  sandbox_bank_transfers: SandboxBankTransfersTable;
  sandbox_vouchers: SandboxVouchersTable;
  sandbox_payment_qrcodes: SandboxPaymentQrcodesTable;
};

/** The app's database seen with the sandbox's tables too: what the parties write their books with. */
export type SandboxDb = Kysely<Database & SandboxTables>;
