import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type SpinSettingsUpdate, spinSettingsResponse } from '@member-wallet/contract/backoffice/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { spinKey } from './get-spin-settings.ts';

function saveSpinSettings(change: SpinSettingsUpdate) {
  return request(BACKOFFICE_API.spinSettings, { method: 'PUT', body: change, schema: spinSettingsResponse });
}

export function useSaveSpin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSpinSettings,
    onSuccess: (saved) => queryClient.setQueryData(spinKey, saved),
  });
}
