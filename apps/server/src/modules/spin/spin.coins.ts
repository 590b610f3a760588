import type { CoinState } from './spin.repository.ts';

/**
 * One deposit (+) or withdrawal (-) counted for coins (docs/promotions/wheel.md, Coins: coins follow net deposits).
 * A deposit adds to the remainder, and each whole `perCoin` of it is a coin, which pays a coin debt first. A
 * withdrawal takes from the remainder; while it is below zero, a coin deposits earned is taken back (an unspun
 * one, else it becomes a debt), never more than deposits earned, and what is still below zero then is forgotten:
 * withdrawn winnings owe no coins.
 */
export function countMovement(state: CoinState, amountMinor: bigint, perCoin: bigint): CoinState {
  let { coins, remainderMinor, depositCoins, coinDebt } = state;
  remainderMinor += amountMinor;
  while (remainderMinor >= perCoin) {
    remainderMinor -= perCoin;
    depositCoins += 1;
    if (coinDebt > 0) coinDebt -= 1;
    else coins += 1;
  }
  while (remainderMinor < 0n && depositCoins > 0) {
    remainderMinor += perCoin;
    depositCoins -= 1;
    if (coins > 0) coins -= 1;
    else coinDebt += 1;
  }
  if (remainderMinor < 0n) remainderMinor = 0n;
  return { coins, remainderMinor, depositCoins, coinDebt };
}
