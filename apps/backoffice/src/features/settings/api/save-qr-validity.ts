import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import type { QrValiditySetting } from '@member-wallet/contract/backoffice/settings';
import { putSetting, useSaveSetting } from './save-setting.ts';

function saveQrValidity(setting: QrValiditySetting) {
  return putSetting(BACKOFFICE_API.settingsQrValidity, setting);
}

export function useSaveQrValidity() {
  return useSaveSetting(saveQrValidity);
}
