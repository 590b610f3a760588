import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { downloadCsv } from '../../../lib/download.ts';
import { type AuditFilters, auditQuery } from './get-audit.ts';

export function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  return downloadCsv(`${BACKOFFICE_API.auditCsv}?${auditQuery(filters)}`, 'audit.csv');
}
