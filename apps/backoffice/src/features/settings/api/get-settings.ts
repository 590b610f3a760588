import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { siteSettingsResponse } from '@member-wallet/contract/backoffice/settings';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

export const settingsKey = ['backoffice', 'settings'] as const;

function getSettings() {
  return request(BACKOFFICE_API.settings, { schema: siteSettingsResponse });
}

export function useSiteSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: getSettings });
}
