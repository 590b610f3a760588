import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt } from './columns.ts';

/** Game providers and the saga of transfers to and from them (migration 0004, docs/wallet.md). */
export type GameCategory = 'slot' | 'sport' | 'lotto';
export type GameAdapterKind = 'sandbox' | 'http';
export type GameTransferDirection = 'to_game' | 'from_game';
export type GameTransferState = 'reserved' | 'provider_applied' | 'completed' | 'failed' | 'unknown';

/** Transfers whose outcome is still open: the reconciler's work (docs/wallet.md), what /metrics counts. */
export const OPEN_TRANSFER_STATES = ['reserved', 'provider_applied', 'unknown'] as const satisfies GameTransferState[];

/** A provider of the catalogue as read: what the provider registry builds an adapter from. */
export type GameProviderRow = Selectable<GameProvidersTable>;

export interface GameProvidersTable {
  code: string;
  name: string;
  category: GameCategory;
  logo: string;
  background: string;
  /** The wallet-slot multiplier in basis points: 10000 is 1.0. */
  ft_wallet_slot_bp: ColumnType<number, number | undefined, number>;
  web: string | null;
  android: string | null;
  ios: string | null;
  adapter: GameAdapterKind;
  api_base_url: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
}

export interface GameAccountsTable {
  id: Generated<bigint>;
  member_id: bigint;
  provider_code: string;
  username: string;
  password_encrypted: string;
  status: ColumnType<'active' | 'closed', 'active' | 'closed' | undefined, 'active' | 'closed'>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface GameTransfersTable {
  id: string;
  member_id: bigint;
  provider_code: string;
  direction: GameTransferDirection;
  amount_minor: bigint;
  currency: string;
  state: GameTransferState;
  idempotency_key: string;
  reservation_entry_id: bigint;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Game providers, members' game accounts and the transfers between them (docs/wallet.md). */
export interface GamesTables {
  game_providers: GameProvidersTable;
  game_accounts: GameAccountsTable;
  game_transfers: GameTransfersTable;
}
