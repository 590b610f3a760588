import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import { putSetting, useSaveSetting } from './save-setting.ts';

function saveAdjustmentApproval({ currency, approvalAbove }: { currency: string; approvalAbove: string }) {
  return putSetting(settingsPath(BACKOFFICE_API.settingsAdjustment, { currency }), { approvalAbove });
}

export function useSaveAdjustmentApproval() {
  return useSaveSetting(saveAdjustmentApproval);
}
