import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { dashboardResponse } from '@member-wallet/contract/backoffice/dashboard';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../lib/http.ts';

/** The figures move all day: read again every minute while the screen is open. */
export const DASHBOARD_REFRESH_MS = 60_000;

export function useDashboard() {
  return useQuery({
    queryKey: ['backoffice', 'dashboard'],
    queryFn: () => request(BACKOFFICE_API.dashboard, { schema: dashboardResponse }),
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
