import type { SettingChangeResponse } from '@member-wallet/contract/backoffice/pending-changes';
import {
  HH_MM,
  HOWTO_URL,
  QR_VALIDITY_MINUTES,
  type QrValiditySetting,
  SITE_FLAGS,
  type SiteFlag,
  type SiteSettingsResponse,
  type SlipWindowSetting,
  type WithdrawSetting,
} from '@member-wallet/contract/backoffice/settings';
import type { HowtoItem } from '@member-wallet/contract/lookup';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { useId, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { Card, Outcome, SaveForm } from '../../components/form-parts.tsx';
import { savedTextOf, WaitingNotice } from '../../components/waiting-change.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { formatMinor } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { majorToMinor, minorToMajor } from '../../lib/money-input.ts';
import { useSiteSettings } from './api/get-settings.ts';
import { useSaveAdjustmentApproval } from './api/save-adjustment-approval.ts';
import { useSaveFlags } from './api/save-flags.ts';
import { useSaveHowto } from './api/save-howto.ts';
import { useSaveQrValidity } from './api/save-qr-validity.ts';
import { useSaveSlipWindow } from './api/save-slip-window.ts';
import { useSaveWithdraw } from './api/save-withdraw.ts';
import { ContactCard, InfoCard, LinesCard, NoticeCard } from './text-cards.tsx';

/**
 * The member app's site settings (docs/backoffice/settings.md), for admins: the switches, the member
 * texts per language, the withdrawal amounts per currency, the slip upload window, the QR validity and the
 * how-to video links. Each part saves on its own and says so.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const settings = useSiteSettings();
  return (
    <section aria-labelledby="settings-title" className="space-y-4">
      <h1 id="settings-title" className="text-2xl font-semibold text-slate-900">
        {t('settings.title')}
      </h1>
      {settings.isPending ? (
        <PageSpinner />
      ) : settings.isError ? (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-red-800">
          <p>{errorText(settings.error)}</p>
          <Button variant="secondary" onClick={() => void settings.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <FlagsCard flags={settings.data.flags} />
          <WithdrawCard withdraw={settings.data.withdraw} money={settings.data} />
          <AdjustmentCard adjustment={settings.data.adjustment} money={settings.data} />
          <ContactCard contact={settings.data.texts.contact} />
          <NoticeCard notice={settings.data.texts.notice} />
          <InfoCard info={settings.data.texts.info} />
          <SlipWindowCard saved={settings.data.slipWindow} />
          <QrValidityCard saved={settings.data.qrValidity} />
          <HowtoCard howto={settings.data.howto} />
          <LinesCard textKey="conditions" lines={settings.data.texts.conditions} />
          <LinesCard textKey="agreements" lines={settings.data.texts.agreements} />
        </div>
      )}
    </section>
  );
}

function FlagsCard({ flags }: { flags: SiteSettingsResponse['flags'] }) {
  const { t } = useTranslation();
  const save = useSaveFlags();
  const [confirming, setConfirming] = useState(false);

  function toggle(flag: SiteFlag) {
    const next = !flags[flag];
    if (flag === 'terminated' && next) {
      setConfirming(true);
      return;
    }
    save.mutate({ [flag]: next });
  }

  return (
    <Card title={t('settings.flags.title')} testId="settings-flags">
      <ul className="divide-y divide-slate-200">
        {SITE_FLAGS.map((flag) => (
          <li key={flag}>
            <Switch
              label={t(`settings.flags.${flag}`)}
              hint={t(`settings.flags.${flag}Hint`)}
              checked={flags[flag]}
              disabled={save.isPending}
              danger={flag === 'terminated'}
              onToggle={() => toggle(flag)}
            />
          </li>
        ))}
      </ul>
      <Outcome saved={save.isSuccess} error={save.error} />
      {confirming ? (
        <Dialog title={t('settings.flags.terminateTitle')} onClose={() => setConfirming(false)}>
          <p className="text-slate-700">{t('settings.flags.terminateBody')}</p>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={save.isPending}
              onClick={() => save.mutate({ terminated: true }, { onSettled: () => setConfirming(false) })}
            >
              {t('settings.flags.terminateConfirm')}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}

function Switch({
  label,
  hint,
  checked,
  disabled,
  danger,
  onToggle,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  danger: boolean;
  onToggle: () => void;
}) {
  const labelId = useId();
  const hintId = useId();
  const on = danger ? 'bg-red-700' : 'bg-brand-700';
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <div className="min-w-0">
        <p id={labelId} className="font-semibold text-slate-900">
          {label}
        </p>
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={onToggle}
        className="inline-flex min-h-11 min-w-16 shrink-0 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-7 w-12 rounded-full transition-colors ${checked ? on : 'bg-slate-300'}`}
        >
          <span
            className={`absolute top-1 left-1 size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : ''}`}
          />
        </span>
      </button>
    </div>
  );
}

/** What bounds the money settings: the deployment's ceilings, and the changes waiting for a second admin. */
type MoneyBounds = Pick<SiteSettingsResponse, 'ceilings' | 'pending'>;
type Ceilings = SiteSettingsResponse['ceilings'][number];

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

function WithdrawCard({ withdraw, money }: { withdraw: WithdrawSetting[]; money: MoneyBounds }) {
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

type AmountField = 'min' | 'max' | 'autoApprove';
const AMOUNT_FIELDS: readonly AmountField[] = ['min', 'max', 'autoApprove'];

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

function HowtoCard({ howto }: { howto: HowtoItem[] }) {
  const { t } = useTranslation();
  const save = useSaveHowto();
  const [urls, setUrls] = useState(() => howto.map((item) => item.url));
  const [invalid, setInvalid] = useState<number[]>([]);

  function submit() {
    const wrong = urls.flatMap((url, index) => (HOWTO_URL.test(url.trim()) ? [] : [index]));
    setInvalid(wrong);
    if (wrong.length > 0) return;
    save.mutate(howto.map((item, index) => ({ ...item, url: (urls[index] ?? item.url).trim() })));
  }

  return (
    <Card title={t('settings.howto.title')} testId="settings-howto">
      <p className="text-sm text-slate-600">{t('settings.howto.hint')}</p>
      {howto.length === 0 ? (
        <p className="text-slate-600">{t('settings.howto.empty')}</p>
      ) : (
        <SaveForm save={save} onSubmit={submit}>
          {howto.map((item, index) => (
            <div key={item.key}>
              <TextField
                label={t('settings.howto.video', { key: item.key })}
                name={`howto-${item.key}`}
                inputMode="url"
                value={urls[index] ?? ''}
                error={invalid.includes(index) ? t('settings.howto.urlInvalid') : null}
                onChange={(event) =>
                  setUrls((old) => old.map((url, each) => (each === index ? event.target.value : url)))
                }
              />
            </div>
          ))}
        </SaveForm>
      )}
    </Card>
  );
}

function SlipWindowCard({ saved }: { saved: SlipWindowSetting }) {
  const { t } = useTranslation();
  const save = useSaveSlipWindow();
  const [values, setValues] = useState(saved);
  const [invalid, setInvalid] = useState<(keyof SlipWindowSetting)[]>([]);
  const fields = ['closeFrom', 'closeTo'] as const;

  function submit() {
    const wrong = fields.filter((field) => !HH_MM.test(values[field]));
    setInvalid(wrong);
    if (wrong.length === 0) save.mutate(values);
  }

  return (
    <Card title={t('settings.slipWindow.title')} testId="settings-slip-window">
      <p className="text-sm text-slate-600">{t('settings.slipWindow.hint')}</p>
      <SaveForm save={save} onSubmit={submit}>
        <div className="grid gap-3 sm:grid-cols-2">
          {fields.map((field) => (
            <TextField
              key={field}
              label={t(`settings.slipWindow.${field}`)}
              name={field}
              type="time"
              value={values[field]}
              error={invalid.includes(field) ? t('settings.slipWindow.timeInvalid') : null}
              onChange={(event) => setValues((old) => ({ ...old, [field]: event.target.value }))}
            />
          ))}
        </div>
      </SaveForm>
    </Card>
  );
}

function QrValidityCard({ saved }: { saved: QrValiditySetting }) {
  const { t } = useTranslation();
  const save = useSaveQrValidity();
  const [minutes, setMinutes] = useState(String(saved.minutes));
  const [invalid, setInvalid] = useState(false);

  function submit() {
    const value = Number(minutes.trim());
    const wrong = !/^\d+$/.test(minutes.trim()) || value < QR_VALIDITY_MINUTES.min || value > QR_VALIDITY_MINUTES.max;
    setInvalid(wrong);
    if (!wrong) save.mutate({ minutes: value });
  }

  return (
    <Card title={t('settings.qrValidity.title')} testId="settings-qr-validity">
      <p className="text-sm text-slate-600">{t('settings.qrValidity.hint')}</p>
      <SaveForm save={save} onSubmit={submit}>
        <TextField
          label={t('settings.qrValidity.minutes')}
          name="minutes"
          inputMode="numeric"
          value={minutes}
          error={invalid ? t('settings.qrValidity.invalid', QR_VALIDITY_MINUTES) : null}
          onChange={(event) => setMinutes(event.target.value)}
        />
      </SaveForm>
    </Card>
  );
}

type AdjustmentSetting = SiteSettingsResponse['adjustment'][number];

/** The amount per currency above which a manual adjustment waits for a second operator (0: every one waits). */
function AdjustmentCard({ adjustment, money }: { adjustment: AdjustmentSetting[]; money: MoneyBounds }) {
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

function AdjustmentForm({ saved, money }: { saved: AdjustmentSetting; money: MoneyBounds }) {
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
