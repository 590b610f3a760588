/**
 * Whether a member has a bonus running (spec section 4: refunds, new bonuses and spin-prize claims are blocked
 * while one is active, and withdrawals must take everything). The bonus module answers it; the modules it blocks
 * receive it, so none of them reads the bonus tables.
 */
export interface ActiveBonusGate {
  hasActiveBonus(memberId: bigint): Promise<boolean>;
}
