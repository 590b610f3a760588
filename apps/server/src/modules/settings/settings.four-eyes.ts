import type {
  AdjustmentSettingUpdate,
  WithdrawSetting,
  WithdrawSettingUpdate,
} from '@member-wallet/contract/backoffice/settings';
import type { Currency } from '@member-wallet/contract/constants';
import type { MoneyCeilingsConfig } from '../../config.ceilings.ts';
import type { AuditChange } from '../../core/operator/audit-log.ts';
import type { PendingChangeRow } from '../../core/operator/pending-change.repository.ts';
import type { ChangeCaller, ChangeKindHandler, PendingChanges } from '../../core/operator/pending-change.service.ts';
import { ANY_LOCALE, type SettingsRepository } from '../../core/settings/settings.repository.ts';
import {
  ADJUSTMENT_APPROVAL_KEY,
  WITHDRAW_AUTO_APPROVE_KEY,
  WITHDRAW_LIMITS_KEY,
} from '../../core/settings/settings.service.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

type Limits = Record<string, { min: number; max: number }>;
type Amounts = Record<string, number>;
/** A currency's approval amount as a change holds it: minor units as a string. */
type AdjustmentValue = { currency: Currency; approvalAbove: string };

/** Minor units from a string or a number: a safe integer, else null. */
function minorOf(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/** The withdrawal amounts asked for, each checked (min above 0, max at least min, auto-approve 0 or more). */
function withdrawAmounts(currency: Currency, input: WithdrawSettingUpdate): WithdrawSetting {
  const min = minorOf(input.min);
  const max = minorOf(input.max);
  const autoApprove = minorOf(input.autoApprove);
  const fields: Record<string, 'KEY_INVALID'> = {};
  if (min === null || min <= 0) fields.min = 'KEY_INVALID';
  if (max === null || max <= 0 || (min !== null && max < min)) fields.max = 'KEY_INVALID';
  if (autoApprove === null || autoApprove < 0) fields.autoApprove = 'KEY_INVALID';
  if (Object.keys(fields).length > 0) throw new AppError('KEY_INVALID', fields);
  return { currency, min: String(min), max: String(max), autoApprove: String(autoApprove) };
}

function withdrawOf(currency: Currency, limits: Limits, autoApprove: Amounts): WithdrawSetting {
  return {
    currency,
    min: String(limits[currency]?.min ?? 0),
    max: String(limits[currency]?.max ?? 0),
    autoApprove: String(autoApprove[currency] ?? 0),
  };
}

/** 400 CEILING_EXCEEDED naming each field past the deployment's ceiling. */
function refuseOver(checks: [field: string, value: string, ceiling: bigint][]): void {
  const fields = Object.fromEntries(
    checks.filter(([, value, ceiling]) => BigInt(value) > ceiling).map(([field]) => [field, 'KEY_INVALID' as const]),
  );
  if (Object.keys(fields).length > 0) throw new AppError('CEILING_EXCEEDED', fields);
}

export interface MoneySettingsDeps {
  db: Db;
  clock: Clock;
  repository: SettingsRepository;
  changes: PendingChanges;
  ceilings: MoneyCeilingsConfig;
}

/**
 * The settings that bound money (docs/backoffice/four-eyes.md): the adjustment approval amount and the withdrawal
 * amounts. A change that only tightens applies at once; any other waits for a second admin, and none passes the
 * deployment's ceilings, neither when asked nor when approved.
 */
export class MoneySettings {
  constructor(private readonly deps: MoneySettingsDeps) {
    deps.changes.define('settings.adjustment', this.#adjustmentKind());
    deps.changes.define('settings.withdraw', this.#withdrawKind());
  }

  async setAdjustment(currency: Currency, input: AdjustmentSettingUpdate, caller: ChangeCaller) {
    const approvalAbove = minorOf(input.approvalAbove);
    if (approvalAbove === null || approvalAbove < 0) {
      throw new AppError('KEY_INVALID', { approvalAbove: 'KEY_INVALID' });
    }
    const after: AdjustmentValue = { currency, approvalAbove: String(approvalAbove) };
    return this.#submit(caller, async (trx) => {
      const before = await this.#adjustment(trx, currency);
      const tightens = BigInt(after.approvalAbove) <= BigInt(before.approvalAbove);
      return { kind: 'settings.adjustment', target: `setting:adjustment:${currency}`, before, after, tightens };
    });
  }

  async setWithdraw(currency: Currency, input: WithdrawSettingUpdate, caller: ChangeCaller) {
    const after = withdrawAmounts(currency, input);
    return this.#submit(caller, async (trx) => {
      const before = await this.#withdraw(trx, currency);
      const [min, max, auto] = [after.min, after.max, after.autoApprove].map(BigInt) as [bigint, bigint, bigint];
      const tightens = min >= BigInt(before.min) && max <= BigInt(before.max) && auto <= BigInt(before.autoApprove);
      return { kind: 'settings.withdraw', target: `setting:withdraw:${currency}`, before, after, tightens };
    });
  }

  #submit(
    caller: ChangeCaller,
    propose: (trx: Db) => Promise<Parameters<PendingChanges['submit']>[2]>,
  ): Promise<PendingChangeRow> {
    const { db, clock, changes } = this.deps;
    return transactionWithRetry(db, async (trx) => changes.submit(trx, caller, await propose(trx), clock.now()));
  }

  #adjustmentKind(): ChangeKindHandler {
    const { repository, ceilings } = this.deps;
    return {
      checkCeiling: (after) => {
        const value = after as AdjustmentValue;
        refuseOver([['approvalAbove', value.approvalAbove, ceilings.approvalAbove[value.currency]]]);
      },
      apply: async (trx, change, now): Promise<AuditChange> => {
        const after = change.after as AdjustmentValue;
        const before = await this.#adjustment(trx, after.currency);
        const all = ((await repository.get(ADJUSTMENT_APPROVAL_KEY, ANY_LOCALE, trx)) as Amounts | undefined) ?? {};
        const next = { ...all, [after.currency]: Number(after.approvalAbove) };
        await repository.put(ADJUSTMENT_APPROVAL_KEY, ANY_LOCALE, next, now, trx);
        return { action: 'settings.adjustment', target: change.target, before, after };
      },
    };
  }

  #withdrawKind(): ChangeKindHandler {
    const { repository, ceilings } = this.deps;
    return {
      checkCeiling: (after) => {
        const value = after as WithdrawSetting;
        refuseOver([
          ['max', value.max, ceilings.withdrawMax[value.currency]],
          ['autoApprove', value.autoApprove, ceilings.withdrawAutoApprove[value.currency]],
        ]);
      },
      apply: async (trx, change, now): Promise<AuditChange> => {
        const after = change.after as WithdrawSetting;
        const { currency } = after;
        const limits = ((await repository.get(WITHDRAW_LIMITS_KEY, ANY_LOCALE, trx)) as Limits | undefined) ?? {};
        const auto = ((await repository.get(WITHDRAW_AUTO_APPROVE_KEY, ANY_LOCALE, trx)) as Amounts | undefined) ?? {};
        const before = withdrawOf(currency, limits, auto);
        const nextLimits = { ...limits, [currency]: { min: Number(after.min), max: Number(after.max) } };
        const nextAuto = { ...auto, [currency]: Number(after.autoApprove) };
        await repository.put(WITHDRAW_LIMITS_KEY, ANY_LOCALE, nextLimits, now, trx);
        await repository.put(WITHDRAW_AUTO_APPROVE_KEY, ANY_LOCALE, nextAuto, now, trx);
        return { action: 'settings.withdraw', target: change.target, before, after };
      },
    };
  }

  async #adjustment(db: Db, currency: Currency): Promise<AdjustmentValue> {
    const all =
      ((await this.deps.repository.get(ADJUSTMENT_APPROVAL_KEY, ANY_LOCALE, db)) as Amounts | undefined) ?? {};
    return { currency, approvalAbove: String(all[currency] ?? 0) };
  }

  async #withdraw(db: Db, currency: Currency): Promise<WithdrawSetting> {
    const { repository } = this.deps;
    const limits = ((await repository.get(WITHDRAW_LIMITS_KEY, ANY_LOCALE, db)) as Limits | undefined) ?? {};
    const auto = ((await repository.get(WITHDRAW_AUTO_APPROVE_KEY, ANY_LOCALE, db)) as Amounts | undefined) ?? {};
    return withdrawOf(currency, limits, auto);
  }
}
