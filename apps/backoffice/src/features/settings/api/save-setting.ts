import { type SiteSettingsResponse, siteSettingsResponse } from '@member-wallet/contract/backoffice/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { settingsKey } from './get-settings.ts';

/** Every change is a PUT that answers the settings as they now are. */
export function putSetting(path: string, body: unknown): Promise<SiteSettingsResponse> {
  return request(path, { method: 'PUT', body, schema: siteSettingsResponse });
}

/** A change of one setting; the screen shows the settings the answer holds. */
export function useSaveSetting<Input>(call: (input: Input) => Promise<SiteSettingsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
