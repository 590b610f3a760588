import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { auditPage } from '@member-wallet/contract/backoffice/audit';
import { usePagedQuery } from '../../../lib/paged-query.ts';

export interface AuditFilters {
  /** Exact action, e.g. `withdrawal.approve`. */
  action: string;
  /** Exact actor: an operator's username, `cli` or `system`. */
  actor: string;
  /** Exact target: what was acted on, e.g. `operator:5`. */
  target: string;
}

/** The filters as the list's query, which the CSV download asks with too. */
export function auditQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.actor) query.set('actor', filters.actor);
  if (filters.target) query.set('target', filters.target);
  return query;
}

export function useAudit(filters: AuditFilters, page: number) {
  return usePagedQuery({
    queryKey: ['backoffice', 'audit', filters, page],
    path: BACKOFFICE_API.audit,
    query: auditQuery(filters),
    page,
    schema: auditPage,
  });
}
