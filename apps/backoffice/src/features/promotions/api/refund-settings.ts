import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  type RefundSettingsValue,
  refundChangeResponse,
  refundSettingsSchema,
} from '@member-wallet/contract/backoffice/promotions';
import { programmeSettings } from './programme-settings.ts';

/** Loss refunds' settings: read and saved. */
export const refund = programmeSettings<RefundSettingsValue>(
  BACKOFFICE_API.refundSettings,
  refundSettingsSchema,
  refundChangeResponse,
  'refund',
);
