/**
 * The game-provider port (docs/wallet.md): the wallet and the transfer saga speak to every provider through
 * it and know nothing of the party behind it. Money is bigint minor units; every money call carries OUR
 * transaction id, and the provider applies each id at most once, so any call may be repeated safely.
 */
export interface GameCredentials {
  username: string;
  password: string;
}

/** The answer of a money call that reached a definitive outcome. */
export type MoneyCallResult = { status: 'applied'; balanceMinor: bigint } | { status: 'failed'; reason: string };

/** What the provider knows of one of our transaction ids. `pending`: received, not yet applied. */
export type TransactionStatus = 'applied' | 'failed' | 'pending' | 'not_found';

/** A member's bets at a provider over a period: their number, the stakes and the winnings paid (minor units). */
export interface BetSummary {
  bets: number;
  stakeMinor: bigint;
  winMinor: bigint;
}

export interface GameProvider {
  /** Opens (or, for the same `externalId`, answers again) the member's account at the provider. */
  createAccount(externalId: string): Promise<GameCredentials>;
  balance(username: string): Promise<bigint>;
  deposit(txId: string, username: string, amountMinor: bigint): Promise<MoneyCallResult>;
  withdraw(txId: string, username: string, amountMinor: bigint): Promise<MoneyCallResult>;
  transactionStatus(txId: string): Promise<TransactionStatus>;
  /** Sets the account's password to `password` (ours, newGamePassword) and answers the one it now holds. */
  resetPassword(username: string, password: string): Promise<string>;
  launchLink(username: string): Promise<string>;
  /**
   * The member's bets placed in `[from, to)` by the provider's own records: what promotions measure (turnover
   * and winnings since a bonus began, net losses of a refund period).
   */
  betSummary(username: string, from: Date, to: Date): Promise<BetSummary>;
}

/**
 * The outcome of a call is not known: a time-out, a network error, a 5xx. For a money call the provider may or
 * may not have applied it; only a later status query settles it (never a guess).
 */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/** The provider answered and refused (a 4xx other than a money refusal): the call did not happen. */
export class ProviderRefusedError extends Error {
  override name = 'ProviderRefusedError';
}
