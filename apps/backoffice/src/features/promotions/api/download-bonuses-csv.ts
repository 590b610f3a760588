import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import type { BonusKind } from './get-bonuses.ts';

/** Every definition of the kind as CSV, built by the server (GET …/bonuses.csv). */
export function downloadBonusesCsv(kind: BonusKind): Promise<void> {
  return downloadCsv(`${BACKOFFICE_API.bonusesCsv}?kind=${kind}`, `bonuses-${kind}.csv`);
}
