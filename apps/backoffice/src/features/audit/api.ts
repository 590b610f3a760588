import { auditPage, BACKOFFICE_API } from '@member-wallet/contract/backoffice';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { request } from '../../lib/http.ts';

/** Rows a page shows. */
export const PAGE_SIZE = 20;

export interface AuditFilters {
  /** Exact action, e.g. `withdrawal.approve`. */
  action: string;
  /** Exact actor: an operator's username, `cli` or `system`. */
  actor: string;
}

function filterQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.actor) query.set('actor', filters.actor);
  return query;
}

export function useAudit(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: ['backoffice', 'audit', filters, page],
    queryFn: () => {
      const query = filterQuery(filters);
      query.set('page', String(page));
      query.set('limit', String(PAGE_SIZE));
      return request(`${BACKOFFICE_API.audit}?${query}`, { schema: auditPage });
    },
    placeholderData: keepPreviousData,
  });
}

export function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  return downloadCsv(`${BACKOFFICE_API.auditCsv}?${filterQuery(filters)}`, 'audit.csv');
}
