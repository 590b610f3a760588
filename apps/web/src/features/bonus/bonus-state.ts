import type { BonusItem } from '@member-wallet/contract/bonus';

/**
 * A card of the grid (spec sections 2 and 4, Bonus per user): `current` while it is the member's running
 * bonus; `received` (disabled) once the receipts of its counting period reach `maxReceived` (the server counts
 * them: all time, today or this week); otherwise `available`. A running bonus is `current` even when it was
 * also the last receipt allowed, so the member can still open it and read its terms.
 */
export type BonusCardState = 'current' | 'received' | 'available';

export function bonusCardState(bonus: BonusItem): BonusCardState {
  const mine = bonus.userBonus;
  if (mine?.isActive) return 'current';
  if (mine && mine.received.length >= bonus.maxReceived) return 'received';
  return 'available';
}

const PERCENT_FAIL = /%percentFail%/g;

/**
 * Fills the `%percentFail%` placeholder of a text (the notice of the catalogue, or an operator's banner html)
 * with the bonus's share taken back on an early cancel. The value is a number, so it adds no markup.
 */
export function fillPercentFail(text: string, percentFail: number): string {
  return text.replace(PERCENT_FAIL, String(percentFail));
}
