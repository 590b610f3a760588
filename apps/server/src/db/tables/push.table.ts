import type { Generated } from 'kysely';
import type { CreatedAt } from './columns.ts';

export interface PushSubscriptionsTable {
  id: Generated<bigint>;
  member_id: bigint;
  /** The session that handed it in (migration 0038): the subscription ends with it. */
  session_id: bigint;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: 'th' | 'lo' | 'en';
  created_at: CreatedAt;
}

export interface PushKeysTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** Web Push (migrations 0034 and 0038; docs/app.md). */
export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_keys: PushKeysTable;
}
