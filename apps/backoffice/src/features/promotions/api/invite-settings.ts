import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  type InviteSettingsValue,
  inviteChangeResponse,
  inviteSettingsSchema,
} from '@member-wallet/contract/backoffice/promotions';
import { programmeSettings } from './programme-settings.ts';

/** Invite a friend's settings: read and saved. */
export const invite = programmeSettings<InviteSettingsValue>(
  BACKOFFICE_API.inviteSettings,
  inviteSettingsSchema,
  inviteChangeResponse,
  'invite',
);
