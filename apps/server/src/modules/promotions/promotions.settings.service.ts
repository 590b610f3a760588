import {
  BANNER_PROGRAMMES,
  type BannerProgramme,
  type BannersResponseAll,
  type BannersUpdate,
  type SpinSettingsResponse,
  type SpinSettingsUpdate,
} from '@member-wallet/contract/backoffice/promotions';
import { LOCALES, type Locale } from '@member-wallet/contract/constants';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import {
  INVITE_BANNERS_KEY,
  INVITE_SETTINGS_KEY,
  inviteSettingsValid,
  readInviteSettings,
} from '../invite/invite.settings.ts';
import { type AuditCaller, type AuditRecorder, auditedChange } from '../operator/audit-log.ts';
import {
  REFUND_BANNERS_KEY,
  REFUND_SETTINGS_KEY,
  readRefundSettings,
  refundSettingsValid,
} from '../refund/refund.settings.ts';
import { ANY_LOCALE, type SettingsRepository } from '../settings/settings.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { parseSetting, rulesSetting, SPIN_RULES_KEY, SPIN_WHEEL_KEY, wheelSetting } from '../spin/spin.settings.ts';

export interface PromotionSettingsDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  repository: SettingsRepository;
  audit: AuditRecorder;
}

/** The invite and refund programmes: each read by its own module's reader, stored only as that reader accepts. */
const PROGRAMMES = {
  invite: {
    key: INVITE_SETTINGS_KEY,
    valid: inviteSettingsValid as (value: object) => boolean,
    read: readInviteSettings,
    action: 'settings.invite',
  },
  refund: {
    key: REFUND_SETTINGS_KEY,
    valid: refundSettingsValid as (value: object) => boolean,
    read: readRefundSettings,
    action: 'settings.refund',
  },
} as const;
export type ProgrammeName = keyof typeof PROGRAMMES;

const BANNER_KEYS = { invite: INVITE_BANNERS_KEY, refund: REFUND_BANNERS_KEY } as const;

/**
 * The promotions' site settings in the back-office (docs/backoffice/promotions.md): the invite and refund
 * programmes, the prize wheel and its coin rule, the invite and refund banners. Every operator reads them; admins
 * change them, each change and its audit line (before and after) in one transaction; a refused one writes nothing.
 */
export class PromotionSettingsService {
  constructor(private readonly deps: PromotionSettingsDeps) {}

  /** A programme with its reader's defaults, as the member side reads it. */
  programme(name: ProgrammeName) {
    return PROGRAMMES[name].read(this.deps.settings);
  }

  /** Replaces a programme; a value its reader would refuse as broken is refused (KEY_INVALID) and not stored. */
  async setProgramme(name: ProgrammeName, value: object, caller: AuditCaller) {
    const { key, valid, action } = PROGRAMMES[name];
    if (!valid(value)) throw new AppError('KEY_INVALID', 400);
    await auditedChange(this.deps, caller, async (trx, now) => {
      const before = (await this.deps.repository.get(key, ANY_LOCALE, trx)) ?? null;
      await this.deps.repository.put(key, ANY_LOCALE, value, now, trx);
      return { audit: { action, target: `setting:${key}`, before, after: value }, result: null };
    });
    return this.programme(name);
  }

  /** The wheel and the coin rule, checked with the schemas the wheel's reader uses; null where none is set. */
  async spin(trx?: Db): Promise<SpinSettingsResponse> {
    const { repository } = this.deps;
    const [wheel, rules] = await Promise.all([
      repository.get(SPIN_WHEEL_KEY, ANY_LOCALE, trx),
      repository.get(SPIN_RULES_KEY, ANY_LOCALE, trx),
    ]);
    return {
      wheel: wheel === undefined || wheel === null ? null : parseSetting(wheelSetting, SPIN_WHEEL_KEY, wheel),
      rules: rules === undefined || rules === null ? null : parseSetting(rulesSetting, SPIN_RULES_KEY, rules),
    };
  }

  /** Replaces the wheel, the coin rule, or both; neither given: KEY_MISSING. */
  async setSpin(change: SpinSettingsUpdate, caller: AuditCaller): Promise<SpinSettingsResponse> {
    const { repository } = this.deps;
    if (!change.wheel && !change.rules) throw new AppError('KEY_MISSING', 400, { wheel: 'KEY_MISSING' });
    await auditedChange(this.deps, caller, async (trx, now) => {
      const before = await this.spin(trx);
      if (change.wheel) await repository.put(SPIN_WHEEL_KEY, ANY_LOCALE, change.wheel, now, trx);
      if (change.rules) await repository.put(SPIN_RULES_KEY, ANY_LOCALE, change.rules, now, trx);
      const after = { wheel: change.wheel ?? before.wheel, rules: change.rules ?? before.rules };
      return { audit: { action: 'settings.spin', target: 'setting:spin', before, after }, result: null };
    });
    return this.spin();
  }

  /** The invite and refund banners per language (localized settings; members fall back to Thai's). */
  async banners(): Promise<BannersResponseAll> {
    const { repository } = this.deps;
    const entries = await Promise.all(
      BANNER_PROGRAMMES.map(async (programme) => {
        const values = await Promise.all(
          LOCALES.map(async (locale) => (await repository.get(BANNER_KEYS[programme], locale)) ?? null),
        );
        return [programme, Object.fromEntries(LOCALES.map((locale, index) => [locale, values[index]]))] as const;
      }),
    );
    return Object.fromEntries(entries) as BannersResponseAll;
  }

  /** Replaces a programme's banners in one language. */
  async setBanners(
    programme: BannerProgramme,
    locale: Locale,
    banners: BannersUpdate['banners'],
    caller: AuditCaller,
  ): Promise<BannersResponseAll> {
    const { repository } = this.deps;
    const key = BANNER_KEYS[programme];
    await auditedChange(this.deps, caller, async (trx, now) => {
      const before = (await repository.get(key, locale, trx)) ?? null;
      await repository.put(key, locale, banners, now, trx);
      return {
        audit: { action: 'settings.banners', target: `setting:${key}:${locale}`, before, after: banners },
        result: null,
      };
    });
    return this.banners();
  }
}
