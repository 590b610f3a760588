import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type HowtoUpdate,
  type QrValiditySetting,
  type SettingTextKey,
  type SiteFlagsUpdate,
  type SiteSettingsResponse,
  type SlipWindowSetting,
  siteSettingsResponse,
  type WithdrawSetting,
} from '@member-wallet/contract/backoffice/settings';
import type { Locale } from '@member-wallet/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/http.ts';

const settingsKey = ['backoffice', 'settings'] as const;

export function useSiteSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => request(BACKOFFICE_API.settings, { schema: siteSettingsResponse }),
  });
}

/** Every change answers the settings as they now are: the screen shows that answer. */
function useSave<Input>(call: (input: Input) => Promise<SiteSettingsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

const put = (path: string, body: unknown) => request(path, { method: 'PUT', body, schema: siteSettingsResponse });

export function useSaveFlags() {
  return useSave((flags: SiteFlagsUpdate) => put(BACKOFFICE_API.settingsFlags, flags));
}

export function useSaveText() {
  return useSave(({ key, locale, value }: { key: SettingTextKey; locale: Locale; value: unknown }) =>
    put(settingsPath(BACKOFFICE_API.settingsText, { key, locale }), { value }),
  );
}

export function useSaveHowto() {
  return useSave((howto: HowtoUpdate['howto']) => put(BACKOFFICE_API.settingsHowto, { howto }));
}

export function useSaveWithdraw() {
  return useSave(({ currency, ...amounts }: WithdrawSetting) =>
    put(settingsPath(BACKOFFICE_API.settingsWithdraw, { currency }), amounts),
  );
}

export function useSaveSlipWindow() {
  return useSave((window: SlipWindowSetting) => put(BACKOFFICE_API.settingsSlipWindow, window));
}

export function useSaveQrValidity() {
  return useSave((setting: QrValiditySetting) => put(BACKOFFICE_API.settingsQrValidity, setting));
}

export function useSaveAdjustmentApproval() {
  return useSave(({ currency, approvalAbove }: { currency: string; approvalAbove: string }) =>
    put(settingsPath(BACKOFFICE_API.settingsAdjustment, { currency }), { approvalAbove }),
  );
}
