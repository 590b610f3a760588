import type { SettingsService } from '../../core/settings/settings.service.ts';

/**
 * The invite programme's settings (site setting `inviteProgramme`, docs/promotions/invite.md). Every
 * field an operator leaves out takes its default; a value out of range is a broken configuration (500).
 */
export interface InviteSettings {
  /** Off: nothing accrues and nothing can be collected (INVITE_INACTIVE); the list still shows the past. */
  enabled: boolean;
  /** The share of an invitee's net deposits of a day that accrues to the inviter, in percent (0 to 100). */
  percent: number;
  /** The share of the accrued amount paid into the wallet on collection, in percent (0 to 100). */
  successPercent: number;
  /** The accrued amount must exceed this many baht (or kip) to be collected. */
  collectMinimum: number;
}

export const INVITE_SETTINGS_KEY = 'inviteProgramme';
export const INVITE_BANNERS_KEY = 'inviteBanners';
/** Off until an operator (or the demo) switches it on. */
export const INVITE_DEFAULTS: InviteSettings = { enabled: false, percent: 5, successPercent: 80, collectMinimum: 0 };
/** What the demo runs with. */
export const INVITE_DEMO: InviteSettings = { enabled: true, percent: 5, successPercent: 80, collectMinimum: 0 };

export function percentOk(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
}

export function amountOk(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100_000_000;
}

export async function readInviteSettings(settings: SettingsService): Promise<InviteSettings> {
  const stored = ((await settings.global(INVITE_SETTINGS_KEY)) ?? {}) as Partial<Record<keyof InviteSettings, unknown>>;
  const merged = { ...INVITE_DEFAULTS, ...stored };
  if (!inviteSettingsValid(merged)) {
    throw new Error(`site setting ${INVITE_SETTINGS_KEY} is invalid: ${JSON.stringify(stored)}`);
  }
  return merged;
}

/** What this reader accepts: the back-office stores nothing it would refuse. */
export function inviteSettingsValid(value: Partial<Record<keyof InviteSettings, unknown>>): value is InviteSettings {
  return (
    typeof value.enabled === 'boolean' &&
    percentOk(value.percent) &&
    percentOk(value.successPercent) &&
    amountOk(value.collectMinimum)
  );
}

/** Basis points of a percentage (5.25 % -> 525), the integer the money arithmetic uses. */
export function basisPoints(percent: number): bigint {
  return BigInt(Math.round(percent * 100));
}
