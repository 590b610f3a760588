import { ProviderRefusedError, ProviderUnavailableError } from '../../adapters/games/game-provider.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GamesRepository, GameTransfer } from './games.repository.ts';
import { isOpen, type TransferService } from './transfer.service.ts';

/** Transfers looked at per run: a bound on one run's work (STYLE.md 12); the next run takes the rest. */
export const RECONCILE_BATCH_MAX = 100;

export interface ReconcileOptions {
  /** Leave transfers touched more recently alone: their live request may still be running. */
  minAgeMs: number;
  limit?: number;
}

export interface ReconcileReport {
  examined: number;
  completed: number;
  failed: number;
  stillOpen: number;
}

interface Logger {
  warn(object: object, message: string): void;
}

/**
 * Settles transfers left open (DESIGN.md section 4, docs/wallet.md): asks the provider what became of our
 * transaction id and acts only on a definitive answer. `applied` completes, `failed` refunds, `pending` waits;
 * `not_found` means the provider never received it, so the same call is sent again with the same id (the
 * provider applies an id at most once), and its answer settles it. A time-out or an error leaves it open.
 */
export class TransferReconciler {
  constructor(
    private readonly deps: {
      repository: GamesRepository;
      transfers: TransferService;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  async reconcile(options: ReconcileOptions): Promise<ReconcileReport> {
    const { repository, clock } = this.deps;
    const before = new Date(clock.now().getTime() - options.minAgeMs);
    const open = await repository.listOpenTransfers(
      before,
      Math.min(options.limit ?? RECONCILE_BATCH_MAX, RECONCILE_BATCH_MAX),
    );
    const report: ReconcileReport = { examined: open.length, completed: 0, failed: 0, stillOpen: 0 };
    for (const transfer of open) {
      const settled = await this.reconcileOne(transfer).catch((error: unknown) => {
        this.deps.logger.warn({ err: error, transferId: transfer.id }, 'transfer reconciliation failed');
        return transfer;
      });
      if (settled.state === 'completed') report.completed += 1;
      else if (settled.state === 'failed') report.failed += 1;
      else report.stillOpen += 1;
    }
    return report;
  }

  async reconcileOne(transfer: GameTransfer): Promise<GameTransfer> {
    const { transfers, repository } = this.deps;
    if (!isOpen(transfer)) return transfer;
    if (transfer.state === 'provider_applied') return transfers.settleApplied(transfer);
    const adapter = await transfers.adapterFor(transfer.provider_code);
    if (!adapter) return transfers.markUnknown(transfer, 'provider not configured');
    let status: Awaited<ReturnType<typeof adapter.transactionStatus>>;
    try {
      status = await adapter.transactionStatus(transfer.id);
    } catch (error) {
      if (error instanceof ProviderUnavailableError || error instanceof ProviderRefusedError) {
        return transfers.markUnknown(transfer, `status query: ${error.message}`);
      }
      throw error;
    }
    if (status === 'applied') return transfers.settleApplied(transfer);
    if (status === 'failed') return transfers.settleFailed(transfer, 'provider reports the transaction failed');
    if (status === 'pending') return transfers.markUnknown(transfer, 'provider reports the transaction pending');
    const account = await repository.findAccount(transfer.member_id, transfer.provider_code);
    if (!account) return transfers.markUnknown(transfer, 'game account missing');
    return transfers.callProvider(transfer, account.username);
  }
}
