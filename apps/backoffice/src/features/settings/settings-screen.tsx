import {
  HH_MM,
  HOWTO_URL,
  QR_VALIDITY_MINUTES,
  type QrValiditySetting,
  SITE_FLAGS,
  type SiteFlag,
  type SiteSettingsResponse,
  type SlipWindowSetting,
} from '@member-wallet/contract/backoffice/settings';
import type { HowtoItem } from '@member-wallet/contract/lookup';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { useId, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { Card, Outcome, SaveForm } from '../../components/form-parts.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/http.ts';
import { useSiteSettings } from './api/get-settings.ts';
import { useSaveFlags } from './api/save-flags.ts';
import { useSaveHowto } from './api/save-howto.ts';
import { useSaveQrValidity } from './api/save-qr-validity.ts';
import { useSaveSlipWindow } from './api/save-slip-window.ts';
import { AdjustmentCard, WithdrawCard } from './money-cards.tsx';
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
