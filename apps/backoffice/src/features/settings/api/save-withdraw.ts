import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import type { WithdrawSetting } from '@member-wallet/contract/backoffice/settings';
import { putSetting, useSaveSetting } from './save-setting.ts';

function saveWithdraw({ currency, ...amounts }: WithdrawSetting) {
  return putSetting(settingsPath(BACKOFFICE_API.settingsWithdraw, { currency }), amounts);
}

export function useSaveWithdraw() {
  return useSaveSetting(saveWithdraw);
}
