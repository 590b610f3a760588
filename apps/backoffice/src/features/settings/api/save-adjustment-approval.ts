import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import { putMoneySetting, useSaveMoneySetting } from './save-money-setting.ts';

function saveAdjustmentApproval({ currency, approvalAbove }: { currency: string; approvalAbove: string }) {
  return putMoneySetting(settingsPath(BACKOFFICE_API.settingsAdjustment, { currency }), { approvalAbove });
}

export function useSaveAdjustmentApproval() {
  return useSaveMoneySetting(saveAdjustmentApproval);
}
