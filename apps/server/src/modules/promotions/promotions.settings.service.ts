import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import {
  BANNER_PROGRAMMES,
  type BannerProgramme,
  type BannersResponseAll,
  type BannersUpdate,
  type InviteSettingsValue,
  type RefundSettingsValue,
  type SpinSettingsResponse,
  type SpinSettingsUpdate,
} from '@member-wallet/contract/backoffice/promotions';
import { LOCALES, type Locale } from '@member-wallet/contract/constants';
import type { MoneyCeilingsConfig } from '../../config.ceilings.ts';
import { type AuditCaller, type AuditRecorder, auditedChange } from '../../core/operator/audit-log.ts';
import type { ChangeCaller, PendingChanges, Proposal } from '../../core/operator/pending-change.service.ts';
import { ANY_LOCALE, type SettingsRepository } from '../../core/settings/settings.repository.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import {
  INVITE_BANNERS_KEY,
  INVITE_DEFAULTS,
  INVITE_SETTINGS_KEY,
  inviteSettingsValid,
  readInviteSettings,
} from '../invite/invite.module.ts';
import {
  REFUND_BANNERS_KEY,
  REFUND_DEFAULTS,
  REFUND_SETTINGS_KEY,
  readRefundSettings,
  refundSettingsValid,
} from '../refund/refund.module.ts';
import { parseSetting, rulesSetting, SPIN_RULES_KEY, SPIN_WHEEL_KEY, wheelSetting } from '../spin/spin.module.ts';
import {
  checkInviteCeiling,
  checkRefundCeiling,
  checkSpinCeiling,
  inviteTightens,
  refundTightens,
  spinTightens,
} from './promotions.tightens.ts';

export interface PromotionSettingsDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  repository: SettingsRepository;
  audit: AuditRecorder;
  /** The changes that wait for a second admin (docs/backoffice/four-eyes.md, Reward terms). */
  changes: PendingChanges;
  ceilings: Pick<MoneyCeilingsConfig, 'rewardMinor' | 'bonusDepositPercent' | 'cashbackPercent'>;
}

/** A programme or the wheel as it now is, and the change waiting for a second admin (null: applied at once). */
export interface RewardAnswer<T> {
  value: T;
  change: PendingChange | null;
}

/** The invite and refund programmes: each read by its own module's reader, stored only as that reader accepts. */
const PROGRAMMES = {
  invite: {
    key: INVITE_SETTINGS_KEY,
    kind: 'promotions.invite',
    defaults: INVITE_DEFAULTS,
    valid: inviteSettingsValid as (value: object) => boolean,
    read: readInviteSettings,
    action: 'settings.invite',
  },
  refund: {
    key: REFUND_SETTINGS_KEY,
    kind: 'promotions.refund',
    defaults: REFUND_DEFAULTS,
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
 * The programmes and the wheel are reward terms (docs/backoffice/four-eyes.md): a change that only tightens applies
 * at once, any other waits for a second admin, and none passes the deployment's reward ceilings.
 */
export class PromotionSettingsService {
  constructor(private readonly deps: PromotionSettingsDeps) {
    const { changes, ceilings } = deps;
    changes.define('promotions.invite', {
      checkCeiling: (after) => checkInviteCeiling(ceilings, after as InviteSettingsValue),
      apply: (trx, change, now) => this.#applyProgramme(trx, 'invite', change.after as object, now),
    });
    changes.define('promotions.refund', {
      checkCeiling: (after) => checkRefundCeiling(ceilings, after as RefundSettingsValue),
      apply: (trx, change, now) => this.#applyProgramme(trx, 'refund', change.after as object, now),
    });
    changes.define('promotions.spin', {
      checkCeiling: (after) => checkSpinCeiling(ceilings, after as SpinSettingsResponse),
      apply: async (trx, change, now) => {
        const after = change.after as SpinSettingsResponse;
        const before = await this.spin(trx);
        if (after.wheel) await deps.repository.put(SPIN_WHEEL_KEY, ANY_LOCALE, after.wheel, now, trx);
        if (after.rules) await deps.repository.put(SPIN_RULES_KEY, ANY_LOCALE, after.rules, now, trx);
        return { action: 'settings.spin', target: change.target, before, after };
      },
    });
  }

  /** A programme with its reader's defaults, as the member side reads it. */
  programme(name: ProgrammeName) {
    return PROGRAMMES[name].read(this.deps.settings);
  }

  /**
   * Replaces a programme; a value its reader would refuse as broken is refused (KEY_INVALID) and not stored. One
   * that only tightens applies at once; any other waits for a second admin.
   */
  async setProgramme(name: ProgrammeName, value: object, caller: ChangeCaller) {
    const { key, kind, defaults, valid } = PROGRAMMES[name];
    if (!valid(value)) throw new AppError('KEY_INVALID');
    const change = await this.#submit(caller, async (trx) => {
      const stored = (await this.deps.repository.get(key, ANY_LOCALE, trx)) ?? {};
      const before = { ...defaults, ...(stored as object) };
      const tightens =
        name === 'invite'
          ? inviteTightens(before as InviteSettingsValue, value as InviteSettingsValue)
          : refundTightens(before as RefundSettingsValue, value as RefundSettingsValue);
      return { kind, target: `setting:${key}`, before, after: value, tightens };
    });
    return { value: await this.programme(name), change };
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

  /**
   * Replaces the wheel, the coin rule, or both; neither given: KEY_MISSING. A change that only tightens applies at
   * once; any other waits for a second admin.
   */
  async setSpin(change: SpinSettingsUpdate, caller: ChangeCaller): Promise<RewardAnswer<SpinSettingsResponse>> {
    if (!change.wheel && !change.rules) throw new AppError('KEY_MISSING', { wheel: 'KEY_MISSING' });
    const waiting = await this.#submit(caller, async (trx) => {
      const before = await this.spin(trx);
      const after = { wheel: change.wheel ?? before.wheel, rules: change.rules ?? before.rules };
      return { kind: 'promotions.spin', target: 'setting:spin', before, after, tightens: spinTightens(before, after) };
    });
    return { value: await this.spin(), change: waiting };
  }

  /** Submits a proposal in its own transaction: the change when it waits, null when it applied at once. */
  #submit(caller: ChangeCaller, propose: (trx: Db) => Promise<Proposal>): Promise<PendingChange | null> {
    const { db, clock, changes } = this.deps;
    return transactionWithRetry(db, async (trx) => {
      const row = await changes.submit(trx, caller, await propose(trx), clock.now());
      return row.status === 'pending' ? changes.one(row.id, trx) : null;
    });
  }

  async #applyProgramme(trx: Db, name: ProgrammeName, after: object, now: Date) {
    const { key, action } = PROGRAMMES[name];
    const before = (await this.deps.repository.get(key, ANY_LOCALE, trx)) ?? null;
    await this.deps.repository.put(key, ANY_LOCALE, after, now, trx);
    return { action, target: `setting:${key}`, before, after };
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
