import type { SlotItem, WalletResponse } from '@member-wallet/contract/wallet';
import { minorUnitsOf } from '../../lib/format.ts';

const HUNDRED = 100n;

/** `numerator / 100`, rounded half away from zero, in bigint. */
function divideByHundred(numerator: bigint): bigint {
  const quotient = numerator / HUNDRED;
  const remainder = numerator % HUNDRED;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < HUNDRED) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/**
 * A game account's share of the total in minor units: its balance times its `ftWalletSlot` factor. Both are
 * read as exact decimals of at most 2 places, so the product is exact before the one rounding to a satang.
 */
export function slotValueMinor(slot: Pick<SlotItem, 'amount' | 'ftWalletSlot'>): bigint {
  return divideByHundred(minorUnitsOf(slot.amount) * minorUnitsOf(slot.ftWalletSlot));
}

/** Wallet plus every active game account times its factor (spec section 2, Home), in minor units. */
export function totalBalanceMinor(wallet: Pick<WalletResponse, 'wallet' | 'slots'>): bigint {
  let total = minorUnitsOf(wallet.wallet.amount);
  for (const slot of wallet.slots) if (slot.isActive) total += slotValueMinor(slot);
  return total;
}
