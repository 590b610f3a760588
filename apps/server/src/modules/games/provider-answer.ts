import {
  type GameProvider,
  type MoneyCallResult,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../../adapters/games/game-provider.ts';
import type { GameTransfer } from './games.repository.ts';

/** What a provider said about a transfer, reduced to what the saga does next. */
export type ProviderAnswer =
  | { kind: 'applied' }
  | { kind: 'failed'; reason: string }
  | { kind: 'unknown'; reason: string };

/** The provider's answer for a transfer; unknown when no adapter serves its provider. */
export function answerOf(
  adapter: GameProvider | undefined,
  transfer: GameTransfer,
  username: string,
): Promise<ProviderAnswer> {
  if (!adapter) return Promise.resolve({ kind: 'unknown', reason: 'provider not configured' });
  return moneyCall(adapter, transfer, username);
}

/** One money call, its every outcome reduced to applied, failed (definitive) or unknown. */
async function moneyCall(adapter: GameProvider, transfer: GameTransfer, username: string): Promise<ProviderAnswer> {
  let result: MoneyCallResult;
  try {
    result =
      transfer.direction === 'to_game'
        ? await adapter.deposit(transfer.id, username, transfer.amount_minor)
        : await adapter.withdraw(transfer.id, username, transfer.amount_minor);
  } catch (error) {
    // A 4xx refusal (bad signature, unknown account, reused id) is not an answer about this transaction: whether
    // it was applied is still for the status query to say.
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError) {
      return { kind: 'unknown', reason: error.message };
    }
    return { kind: 'unknown', reason: error instanceof Error ? error.message : 'unexpected error' };
  }
  return result.status === 'applied' ? { kind: 'applied' } : { kind: 'failed', reason: result.reason };
}
