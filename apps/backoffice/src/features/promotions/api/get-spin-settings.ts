import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { spinSettingsResponse } from '@member-wallet/contract/backoffice/promotions';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const spinKey = ['backoffice', 'promotions', 'spin'] as const;

function getSpinSettings() {
  return request(BACKOFFICE_API.spinSettings, { schema: spinSettingsResponse });
}

export function useSpinSettings() {
  return useQuery({ queryKey: spinKey, queryFn: getSpinSettings });
}
