import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { dashboardResponse } from '@member-wallet/contract/backoffice/dashboard';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

/** The figures move all day: read again every minute while the screen is open. */
const DASHBOARD_REFRESH_MS = 60_000;

function getDashboard() {
  return request(BACKOFFICE_API.dashboard, { schema: dashboardResponse });
}

export function useDashboard() {
  return useQuery({
    queryKey: ['backoffice', 'dashboard'],
    queryFn: getDashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
