import { type SettingChangeResponse, settingChangeResponse } from '@member-wallet/contract/backoffice/pending-changes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { pendingChangesKey } from '../../../lib/pending-changes-key.ts';
import { settingsKey } from './get-settings.ts';

/**
 * A setting that bounds money (docs/backoffice/four-eyes.md): the answer is the change, applied at once when it
 * only tightens (200) or waiting for a second admin (202), and the settings as they now are.
 */
export function putMoneySetting(path: string, body: unknown): Promise<SettingChangeResponse> {
  return request(path, { method: 'PUT', body, schema: settingChangeResponse });
}

export function useSaveMoneySetting<Input>(call: (input: Input) => Promise<SettingChangeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKey, answer.settings);
      // The pending changes screen lists what now waits.
      return queryClient.invalidateQueries({ queryKey: pendingChangesKey });
    },
  });
}
