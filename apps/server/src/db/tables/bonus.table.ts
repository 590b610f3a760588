import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt } from './columns.ts';

// Bonuses and promotion codes (migration 0012; docs/promotions/bonuses.md).
/** `reward`: the system's definition a reward runs under as a bonus (migration 0027), never listed. */
export type BonusKind = 'bonus' | 'promotion' | 'reward';
export type BonusTypeColumn = 'limit' | 'day' | 'week';
export type BonusAmountRule = 'fixed' | 'deposit_percent';
export type MemberBonusStatus = 'active' | 'cleared' | 'cancelled';
/** Per language (`th`, `lo`, `en`): a text of a bonus. */
type LocalizedTexts = ColumnType<Record<string, string>, string, string>;

export interface BonusesTable {
  id: Generated<bigint>;
  code: string;
  kind: BonusKind;
  type: BonusTypeColumn;
  currency: string;
  max_received: number;
  total_max: number | null;
  percent_fail: number;
  amount_rule: BonusAmountRule;
  amount_minor: bigint | null;
  deposit_percent: number | null;
  amount_cap_minor: bigint | null;
  deposit_window_hours: number | null;
  win_multiple: number;
  end_below_minor: bigint;
  names: LocalizedTexts;
  descriptions: LocalizedTexts;
  /** `html` per language (`{ th, lo, en }`, Thai the fallback), or one text for every language. */
  banners: ColumnType<{ image: string; html: string | Record<string, string> }[], string, string>;
  sort_order: number;
  active: boolean;
  created_at: CreatedAt;
}

export interface MemberBonusesTable {
  id: Generated<bigint>;
  public_id: string;
  member_id: bigint;
  bonus_id: bigint;
  status: MemberBonusStatus;
  amount_minor: bigint;
  currency: string;
  deposit_entry_id: bigint | null;
  entry_id: bigint;
  end_entry_id: bigint | null;
  taken_back_minor: bigint | null;
  activated_at: Date;
  ended_at: Date | null;
  /** The definition's end terms when it was received (migration 0020): an operator's later change leaves them. */
  win_multiple: number;
  end_below_minor: bigint;
  percent_fail: number;
  /** What a cancel still takes back from money coming back from game accounts (migration 0022). */
  owed_minor: Generated<bigint>;
  /** When the last of what a cancel owed was taken (migration 0029); null while owed, or when nothing was. */
  debt_paid_at: Generated<Date | null>;
}

/** Bonuses and promotion codes, and the bonuses members received (migration 0012; docs/promotions/bonuses.md). */
export interface BonusTables {
  bonuses: BonusesTable;
  member_bonuses: MemberBonusesTable;
}
