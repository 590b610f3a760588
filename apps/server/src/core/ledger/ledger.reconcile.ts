import type { Db } from '../../db/database.ts';
import { type BalanceDrift, LedgerRepository } from './ledger.repository.ts';

export type { BalanceDrift };

/**
 * Re-derives every account's balance from its postings and answers the accounts where the stored balance
 * differs (there must be none). Read-only; safe on a live database.
 */
export function reconcileBalances(db: Db): Promise<BalanceDrift[]> {
  return new LedgerRepository().findDrifts(db);
}

export interface LedgerReport {
  accounts: bigint;
  entries: bigint;
  drifts: BalanceDrift[];
  /** Entries with fewer than two postings or not summing to zero: the database refuses them, so none. */
  unbalancedEntries: bigint[];
}

/** The whole check an operator runs: balance drifts and unbalanced entries. */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const repository = new LedgerRepository();
  const [counts, drifts, unbalancedEntries] = [
    await repository.countAccountsAndEntries(db),
    await repository.findDrifts(db),
    await repository.findUnbalancedEntries(db),
  ];
  return { ...counts, drifts, unbalancedEntries };
}

export function ledgerIsSound(report: LedgerReport): boolean {
  return report.drifts.length === 0 && report.unbalancedEntries.length === 0;
}

/** One line per finding, then a summary line; amounts in minor units. */
export function formatLedgerReport(report: LedgerReport): string {
  const lines = report.drifts.map(
    (drift) =>
      `DRIFT account ${drift.accountId}: stored ${drift.stored}, postings sum ${drift.derived}, ` +
      `difference ${drift.stored - drift.derived}`,
  );
  for (const entry of report.unbalancedEntries) lines.push(`UNBALANCED journal entry ${entry}`);
  lines.push(
    `ledger check: ${report.accounts} accounts, ${report.entries} entries, ${report.drifts.length} drifts, ` +
      `${report.unbalancedEntries.length} unbalanced entries: ${ledgerIsSound(report) ? 'OK' : 'FAILED'}`,
  );
  return `${lines.join('\n')}\n`;
}
