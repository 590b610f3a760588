import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import type { HowtoUpdate } from '@member-wallet/contract/backoffice/settings';
import { putSetting, useSaveSetting } from './save-setting.ts';

function saveHowto(howto: HowtoUpdate['howto']) {
  return putSetting(BACKOFFICE_API.settingsHowto, { howto });
}

export function useSaveHowto() {
  return useSaveSetting(saveHowto);
}
