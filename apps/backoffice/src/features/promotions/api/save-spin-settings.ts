import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  type SpinSettingsUpdate,
  spinChangeResponse,
  spinSettingsResponse,
} from '@member-wallet/contract/backoffice/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { pendingChangesKey } from '../../../lib/pending-changes-key.ts';
import { spinKey } from './get-spin-settings.ts';
import { rewardAnswer } from './reward-answer.ts';

/** The wheel as saved (200), or the change waiting for a second admin and the wheel as it still is (202). */
const schema = rewardAnswer(spinSettingsResponse, spinChangeResponse, 'spin');

function saveSpinSettings(change: SpinSettingsUpdate) {
  return request(BACKOFFICE_API.spinSettings, { method: 'PUT', body: change, schema });
}

export function useSaveSpin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSpinSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(spinKey, saved.value);
      return queryClient.invalidateQueries({ queryKey: pendingChangesKey });
    },
  });
}
