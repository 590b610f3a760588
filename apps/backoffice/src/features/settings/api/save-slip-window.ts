import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import type { SlipWindowSetting } from '@member-wallet/contract/backoffice/settings';
import { putSetting, useSaveSetting } from './save-setting.ts';

function saveSlipWindow(window: SlipWindowSetting) {
  return putSetting(BACKOFFICE_API.settingsSlipWindow, window);
}

export function useSaveSlipWindow() {
  return useSaveSetting(saveSlipWindow);
}
