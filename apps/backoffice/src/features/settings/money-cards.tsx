import type { SettingChangeResponse } from '@member-wallet/contract/backoffice/pending-changes';
import type { SiteSettingsResponse, WithdrawSetting } from '@member-wallet/contract/backoffice/settings';
import { TextField } from '@member-wallet/ui/text-field';
import { useState } from 'react';
import { Card, SaveForm } from '../../components/form-parts.tsx';
import { savedTextOf, WaitingNotice } from '../../components/waiting-change.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { formatMinor } from '../../lib/format.ts';
import { majorToMinor, minorToMajor } from '../../lib/money-input.ts';
import { useSaveAdjustmentApproval } from './api/save-adjustment-approval.ts';
import { useSaveWithdraw } from './api/save-withdraw.ts';

/**
 * The settings that bound money (docs/backoffice/four-eyes.md): the withdrawal limits and the adjustment approval
 * amount, each loosening waiting for a second admin.
 */

/** What bounds the money settings: the deployment's ceilings, and the changes waiting for a second admin. */
type MoneyBounds = Pick<SiteSettingsResponse, 'ceilings' | 'pending'>;

type Ceilings = SiteSettingsResponse['ceilings'][number];

type AmountField = 'min' | 'max' | 'autoApprove';

const AMOUNT_FIELDS: readonly AmountField[] = ['min', 'max', 'autoApprove'];

type AdjustmentSetting = SiteSettingsResponse['adjustment'][number];

function ceilingsOf(money: MoneyBounds, currency: string): Ceilings | undefined {
  return money.ceilings.find((ceiling) => ceiling.currency === currency);
}

/** A change of this target waiting for a second admin, said beside its form with a way to the queue. */
function WaitingChange({ money, target }: { money: MoneyBounds; target: string }) {
  const { t } = useTranslation();
  const waiting = money.pending.find((change) => change.target === target);
  if (!waiting) return null;
  return <WaitingNotice testId="settings-waiting" text={t('settings.waiting', { operator: waiting.proposedBy })} />;
}

/** A money setting's save: applied at once when it only tightens, else waiting for a second admin. */
function moneySavedText(save: { data?: SettingChangeResponse }, t: TFunction): string {
  return savedTextOf(save.data?.change, t) ?? t('common.saved');
}

export function WithdrawCard({ withdraw, money }: { withdraw: WithdrawSetting[]; money: MoneyBounds }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.withdraw.title')} testId="settings-withdraw">
      <p className="text-sm text-slate-600">{t('settings.withdraw.hint')}</p>
      <p className="text-sm text-slate-600">{t('settings.fourEyes')}</p>
      <div className="space-y-4">
        {withdraw.map((setting) => (
          <WithdrawForm key={setting.currency} saved={setting} money={money} />
        ))}
      </div>
    </Card>
  );
}

function WithdrawForm({ saved, money }: { saved: WithdrawSetting; money: MoneyBounds }) {
  const { t } = useTranslation();
  const save = useSaveWithdraw();
  const [values, setValues] = useState<Record<AmountField, string>>({
    min: minorToMajor(saved.min),
    max: minorToMajor(saved.max),
    autoApprove: minorToMajor(saved.autoApprove),
  });
  const [errors, setErrors] = useState<Partial<Record<AmountField, string>>>({});
  const currency = t(`settings.currency.${saved.currency}`);
  const ceilings = ceilingsOf(money, saved.currency);

  function submit() {
    const min = majorToMinor(values.min);
    const max = majorToMinor(values.max);
    const autoApprove = majorToMinor(values.autoApprove);
    const found: Partial<Record<AmountField, string>> = {};
    if (min === null || BigInt(min) <= 0n) found.min = t('settings.withdraw.amountInvalid');
    if (max === null || BigInt(max) <= 0n) found.max = t('settings.withdraw.amountInvalid');
    else if (min !== null && BigInt(max) < BigInt(min)) found.max = t('settings.withdraw.maxBelowMin');
    if (autoApprove === null) found.autoApprove = t('settings.withdraw.autoInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0 || min === null || max === null || autoApprove === null) return;
    save.mutate({ currency: saved.currency, min, max, autoApprove });
  }

  return (
    <SaveForm
      save={save}
      onSubmit={submit}
      label={currency}
      className="space-y-3 rounded-xl border border-slate-200 p-3"
      savedText={moneySavedText(save, t)}
    >
      <h3 className="font-semibold text-slate-900">{currency}</h3>
      {ceilings ? (
        <p className="text-sm text-slate-600">
          {t('settings.withdraw.ceilings', {
            max: formatMinor(ceilings.withdrawMax, saved.currency),
            autoApprove: formatMinor(ceilings.withdrawAutoApprove, saved.currency),
          })}
        </p>
      ) : null}
      <WaitingChange money={money} target={`setting:withdraw:${saved.currency}`} />
      <div className="grid gap-3 sm:grid-cols-3">
        {AMOUNT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`settings.withdraw.${field}`, { currency })}
            name={field}
            inputMode="decimal"
            value={values[field]}
            error={errors[field]}
            onChange={(event) => setValues((old) => ({ ...old, [field]: event.target.value }))}
          />
        ))}
      </div>
    </SaveForm>
  );
}

/** The amount per currency above which a manual adjustment waits for a second operator (0: every one waits). */
export function AdjustmentCard({ adjustment, money }: { adjustment: AdjustmentSetting[]; money: MoneyBounds }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.adjustment.title')} testId="settings-adjustment">
      <p className="text-sm text-slate-600">{t('settings.adjustment.hint')}</p>
      <p className="text-sm text-slate-600">{t('settings.fourEyes')}</p>
      <div className="space-y-4">
        {adjustment.map((setting) => (
          <AdjustmentForm key={setting.currency} saved={setting} money={money} />
        ))}
      </div>
    </Card>
  );
}

export function AdjustmentForm({ saved, money }: { saved: AdjustmentSetting; money: MoneyBounds }) {
  const { t } = useTranslation();
  const save = useSaveAdjustmentApproval();
  const [value, setValue] = useState(minorToMajor(saved.approvalAbove));
  const [invalid, setInvalid] = useState(false);
  const currency = t(`settings.currency.${saved.currency}`);
  const ceilings = ceilingsOf(money, saved.currency);

  function submit() {
    const approvalAbove = majorToMinor(value);
    setInvalid(approvalAbove === null);
    if (approvalAbove !== null) save.mutate({ currency: saved.currency, approvalAbove });
  }

  return (
    <SaveForm
      save={save}
      onSubmit={submit}
      label={t('settings.adjustment.form', { currency })}
      className="space-y-3 rounded-xl border border-slate-200 p-3"
      savedText={moneySavedText(save, t)}
    >
      {ceilings ? (
        <p className="text-sm text-slate-600">
          {t('settings.adjustment.ceilings', {
            approvalAbove: formatMinor(ceilings.approvalAbove, saved.currency),
            aloneDaily: formatMinor(ceilings.aloneCreditDaily, saved.currency),
          })}
        </p>
      ) : null}
      <WaitingChange money={money} target={`setting:adjustment:${saved.currency}`} />
      <TextField
        label={t('settings.adjustment.approvalAbove', { currency })}
        name="approvalAbove"
        inputMode="decimal"
        value={value}
        error={invalid ? t('settings.withdraw.autoInvalid') : null}
        onChange={(event) => setValue(event.target.value)}
      />
    </SaveForm>
  );
}
