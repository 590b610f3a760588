/**
 * A rule of a money computation that correct code never breaks (TigerBeetle's TIGER_STYLE: assert the pre- and
 * postconditions where money moves). Broken, it is a bug: answered 500, logged, and the transaction it is in is
 * rolled back, so nothing of the movement is written.
 */
export class MoneyInvariantError extends Error {
  override name = 'MoneyInvariantError';
}

export function moneyInvariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new MoneyInvariantError(message);
}
