import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import type { SettingTextKey } from '@member-wallet/contract/backoffice/settings';
import type { Locale } from '@member-wallet/contract/constants';
import { putSetting, useSaveSetting } from './save-setting.ts';

function saveText({ key, locale, value }: { key: SettingTextKey; locale: Locale; value: unknown }) {
  return putSetting(settingsPath(BACKOFFICE_API.settingsText, { key, locale }), { value });
}

export function useSaveText() {
  return useSaveSetting(saveText);
}
