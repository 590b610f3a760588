import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import type { WithdrawSetting } from '@member-wallet/contract/backoffice/settings';
import { putMoneySetting, useSaveMoneySetting } from './save-money-setting.ts';

function saveWithdraw({ currency, ...amounts }: WithdrawSetting) {
  return putMoneySetting(settingsPath(BACKOFFICE_API.settingsWithdraw, { currency }), amounts);
}

export function useSaveWithdraw() {
  return useSaveMoneySetting(saveWithdraw);
}
