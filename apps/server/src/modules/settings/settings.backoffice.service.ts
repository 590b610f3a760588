import {
  type HowtoUpdate,
  type QrValiditySetting,
  SETTING_TEXT_KEYS,
  SETTINGS_LOCALES,
  type SettingTextKey,
  SITE_FLAGS,
  type SiteFlags,
  type SiteFlagsUpdate,
  type SiteSettingsResponse,
  type SlipWindowSetting,
} from '@member-wallet/contract/backoffice/settings';
import { LAOS_CURRENCIES, type Locale } from '@member-wallet/contract/constants';
import type { HowtoItem } from '@member-wallet/contract/lookup';
import type { MoneyCeilingsConfig } from '../../config.ceilings.ts';
import {
  type AuditCaller,
  type AuditChange,
  type AuditRecorder,
  auditedChange,
} from '../../core/operator/audit-log.ts';
import type { PendingChanges } from '../../core/operator/pending-change.service.ts';
import { ANY_LOCALE, type SettingsRepository } from '../../core/settings/settings.repository.ts';
import {
  QR_VALIDITY_KEY,
  type SettingsService,
  SLIP_WINDOW_DEFAULT,
  SLIP_WINDOW_KEY,
} from '../../core/settings/settings.service.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';

export interface SettingsBackofficeDeps {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  repository: SettingsRepository;
  audit: AuditRecorder;
  /** A QR's minutes until an operator sets them: the server's `QR_EXPIRY_MINUTES`. */
  qrValidityFallback: number;
  /** The deployment's ceilings, shown beside the amounts they bound. */
  ceilings: MoneyCeilingsConfig;
  /** The money-bounding changes waiting for a second admin, shown beside their settings. */
  changes: PendingChanges;
}

/**
 * The member app's site settings in the back-office (docs/backoffice/settings.md): read all at once,
 * changed a part at a time. Every change and its audit line (before and after) commit in one transaction; a
 * refused change writes nothing. Each change answers the settings as they are after it.
 */
export class SettingsBackofficeService {
  constructor(private readonly deps: SettingsBackofficeDeps) {}

  async all(): Promise<SiteSettingsResponse> {
    const { settings, qrValidityFallback } = this.deps;
    const [flags, texts, howto, withdraw, slipWindow, qrMinutes, adjustment, pending] = await Promise.all([
      this.#flags(this.deps.db),
      this.#texts(),
      settings.global('howto'),
      Promise.all(
        LAOS_CURRENCIES.map(async (currency) => {
          const [{ min, max }, autoApprove] = await Promise.all([
            settings.withdrawLimits(currency),
            settings.withdrawAutoApproveMax(currency),
          ]);
          return { currency, min: String(min), max: String(max), autoApprove: String(autoApprove) };
        }),
      ),
      this.#slipWindow(this.deps.db),
      settings.qrValidityMinutes(qrValidityFallback),
      Promise.all(
        LAOS_CURRENCIES.map(async (currency) => ({
          currency,
          approvalAbove: String(await settings.adjustmentApprovalAbove(currency)),
        })),
      ),
      this.deps.changes.list('pending', 'setting:'),
    ]);
    return {
      flags,
      texts,
      howto: (howto as HowtoItem[] | undefined) ?? [],
      withdraw,
      slipWindow,
      qrValidity: { minutes: qrMinutes },
      adjustment,
      ceilings: this.#ceilings(),
      pending: pending.map(({ id, target, after, proposedBy }) => ({ id, target, after, proposedBy })),
    };
  }

  /** Only the flags given change; the member API's gate sees the change at once (its cache is dropped). */
  async setFlags(change: SiteFlagsUpdate, caller: AuditCaller): Promise<SiteSettingsResponse> {
    const { repository, settings } = this.deps;
    try {
      await this.#change(caller, async (trx, now) => {
        const before = await this.#flags(trx);
        for (const name of SITE_FLAGS) {
          const value = change[name];
          if (value !== undefined) await repository.put(name, ANY_LOCALE, value, now, trx);
        }
        return { action: 'settings.flags', target: 'setting:flags', before, after: { ...before, ...change } };
      });
    } finally {
      // The member API's gate reads `terminated` through the cache: the change shows at once.
      settings.clearFlagCache();
    }
    return this.all();
  }

  /** A member text in one language, already checked against its lookup's shape. */
  async setText(key: SettingTextKey, locale: Locale, value: unknown, caller: AuditCaller) {
    const { repository } = this.deps;
    await this.#change(caller, async (trx, now) => {
      const before = (await repository.get(key, locale, trx)) ?? null;
      await repository.put(key, locale, value, now, trx);
      return { action: 'settings.text', target: `setting:${key}:${locale}`, before, after: value };
    });
    return this.all();
  }

  async setHowto(change: HowtoUpdate, caller: AuditCaller): Promise<SiteSettingsResponse> {
    const { repository } = this.deps;
    await this.#change(caller, async (trx, now) => {
      const before = (await repository.get('howto', ANY_LOCALE, trx)) ?? [];
      await repository.put('howto', ANY_LOCALE, change.howto, now, trx);
      return { action: 'settings.howto', target: 'setting:howto', before, after: change.howto };
    });
    return this.all();
  }

  async setSlipWindow(window: SlipWindowSetting, caller: AuditCaller): Promise<SiteSettingsResponse> {
    await this.#change(caller, async (trx, now) => {
      const before = await this.#slipWindow(trx);
      await this.deps.repository.put(SLIP_WINDOW_KEY, ANY_LOCALE, window, now, trx);
      return { action: 'settings.slip_window', target: 'setting:slip-window', before, after: window };
    });
    return this.all();
  }

  async setQrValidity(validity: QrValiditySetting, caller: AuditCaller): Promise<SiteSettingsResponse> {
    const { repository, qrValidityFallback } = this.deps;
    await this.#change(caller, async (trx, now) => {
      const stored = (await repository.get(QR_VALIDITY_KEY, ANY_LOCALE, trx)) as { minutes: number } | undefined;
      const before = stored ?? { minutes: qrValidityFallback };
      await repository.put(QR_VALIDITY_KEY, ANY_LOCALE, validity, now, trx);
      return { action: 'settings.qr_validity', target: 'setting:qr-validity', before, after: validity };
    });
    return this.all();
  }

  /** A change and its audit line, in one transaction. */
  #change(caller: AuditCaller, work: (trx: Db, now: Date) => Promise<AuditChange>): Promise<null> {
    return auditedChange(this.deps, caller, async (trx, now) => ({ audit: await work(trx, now), result: null }));
  }

  #ceilings(): SiteSettingsResponse['ceilings'] {
    const { ceilings } = this.deps;
    return LAOS_CURRENCIES.map((currency) => ({
      currency,
      approvalAbove: String(ceilings.approvalAbove[currency]),
      withdrawMax: String(ceilings.withdrawMax[currency]),
      withdrawAutoApprove: String(ceilings.withdrawAutoApprove[currency]),
      aloneCreditDaily: String(ceilings.aloneCreditDaily[currency]),
    }));
  }

  async #flags(db: Db): Promise<SiteFlags> {
    const values = await Promise.all(
      SITE_FLAGS.map(async (name) => (await this.deps.repository.get(name, ANY_LOCALE, db)) === true),
    );
    return Object.fromEntries(SITE_FLAGS.map((name, index) => [name, values[index]])) as SiteFlags;
  }

  /** Every member text in every language; null where that language has none. */
  async #texts(): Promise<SiteSettingsResponse['texts']> {
    const entries = await Promise.all(
      SETTING_TEXT_KEYS.map(async (key) => {
        const values = await Promise.all(
          SETTINGS_LOCALES.map(async (locale) => (await this.deps.repository.get(key, locale)) ?? null),
        );
        return [key, Object.fromEntries(SETTINGS_LOCALES.map((locale, index) => [locale, values[index]]))] as const;
      }),
    );
    return Object.fromEntries(entries) as SiteSettingsResponse['texts'];
  }

  async #slipWindow(db: Db) {
    const stored = (await this.deps.repository.get(SLIP_WINDOW_KEY, ANY_LOCALE, db)) as
      | { closeFrom?: string; closeTo?: string }
      | undefined;
    return {
      closeFrom: stored?.closeFrom ?? SLIP_WINDOW_DEFAULT.closeFrom,
      closeTo: stored?.closeTo ?? SLIP_WINDOW_DEFAULT.closeTo,
    };
  }
}
