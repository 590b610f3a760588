import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import type { SiteFlagsUpdate } from '@member-wallet/contract/backoffice/settings';
import { putSetting, useSaveSetting } from './save-setting.ts';

function saveFlags(flags: SiteFlagsUpdate) {
  return putSetting(BACKOFFICE_API.settingsFlags, flags);
}

export function useSaveFlags() {
  return useSaveSetting(saveFlags);
}
