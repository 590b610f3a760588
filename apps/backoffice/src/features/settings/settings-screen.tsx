import {
  HOWTO_URL,
  SETTINGS_LOCALES,
  SITE_FLAGS,
  type SiteFlag,
  type SiteSettingsResponse,
  type WithdrawSetting,
} from '@member-wallet/contract/backoffice';
import type { Locale } from '@member-wallet/contract/constants';
import type { ContactResponse, HowtoItem } from '@member-wallet/contract/lookup';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { INPUT_CLASS } from '../../components/field-message.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/http.ts';
import { majorToMinor, minorToMajor } from '../../lib/money.ts';
import { useSaveFlags, useSaveHowto, useSaveText, useSaveWithdraw, useSiteSettings } from './api.ts';

/**
 * The member app's site settings (docs/backoffice.md, Site settings), for admins: the switches, the contact
 * text and the notice per language, the withdrawal amounts per currency and the how-to video links. Each part
 * saves on its own and says so.
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
          <WithdrawCard withdraw={settings.data.withdraw} />
          <ContactCard contact={settings.data.texts.contact} />
          <NoticeCard notice={settings.data.texts.notice} />
          <HowtoCard howto={settings.data.howto} />
        </div>
      )}
    </section>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} data-testid={testId} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a save did: a success line, or the refusal translated. */
function Outcome({ saved, error }: { saved: boolean; error: unknown }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
        {errorText(error)}
      </p>
    );
  }
  return (
    <p role="status" className={saved ? 'rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900' : 'sr-only'}>
      {saved ? t('settings.saved') : ''}
    </p>
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

/** One tab per member language; the panel shows the chosen one's form. */
function LocaleTabs({ label, children }: { label: string; children: (locale: Locale) => ReactNode }) {
  const { t } = useTranslation();
  const [locale, setLocale] = useState<Locale>('th');
  const baseId = useId();
  return (
    <div>
      <div role="tablist" aria-label={label} className="mb-3 flex gap-1 border-b border-slate-200">
        {SETTINGS_LOCALES.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            id={`${baseId}-${each}`}
            aria-selected={locale === each}
            aria-controls={`${baseId}-panel`}
            onClick={() => setLocale(each)}
            className={`min-h-11 min-w-11 border-b-4 px-3 font-semibold ${locale === each ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {t(`settings.locale.${each}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${locale}`}>
        {/* Keyed: each language's form starts from that language's saved text. */}
        <div key={locale}>{children(locale)}</div>
      </div>
    </div>
  );
}

function TextArea({
  label,
  value,
  onChange,
  rows = 4,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT_CLASS} border-slate-300`}
      />
    </div>
  );
}

const EMPTY_CONTACT: ContactResponse = { contactText: '', lineName: '', lineLink: '', lineQR: '' };

function ContactCard({ contact }: { contact: SiteSettingsResponse['texts']['contact'] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.contact.title')} testId="settings-contact">
      <p className="text-sm text-slate-600">{t('settings.htmlHint')}</p>
      <LocaleTabs label={t('settings.contact.title')}>
        {(locale) => <ContactForm locale={locale} saved={contact[locale] ?? EMPTY_CONTACT} />}
      </LocaleTabs>
    </Card>
  );
}

function ContactForm({ locale, saved }: { locale: Locale; saved: ContactResponse }) {
  const { t } = useTranslation();
  const save = useSaveText();
  const [values, setValues] = useState(saved);
  const set = (field: keyof ContactResponse) => (value: string) => setValues((old) => ({ ...old, [field]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ key: 'contact', locale, value: values });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextArea label={t('settings.contact.contactText')} value={values.contactText} onChange={set('contactText')} />
      <TextField
        label={t('settings.contact.lineName')}
        name="lineName"
        value={values.lineName}
        onChange={(event) => set('lineName')(event.target.value)}
      />
      <TextField
        label={t('settings.contact.lineLink')}
        name="lineLink"
        inputMode="url"
        value={values.lineLink}
        onChange={(event) => set('lineLink')(event.target.value)}
      />
      <TextField
        label={t('settings.contact.lineQR')}
        name="lineQR"
        inputMode="url"
        value={values.lineQR}
        onChange={(event) => set('lineQR')(event.target.value)}
      />
      <Outcome saved={save.isSuccess} error={save.error} />
      <Button type="submit" loading={save.isPending}>
        {t('settings.save')}
      </Button>
    </form>
  );
}

function NoticeCard({ notice }: { notice: SiteSettingsResponse['texts']['notice'] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.notice.title')} testId="settings-notice">
      <p className="text-sm text-slate-600">{t('settings.notice.hint')}</p>
      <LocaleTabs label={t('settings.notice.title')}>
        {(locale) => <NoticeForm locale={locale} saved={notice[locale]?.notice ?? ''} />}
      </LocaleTabs>
    </Card>
  );
}

function NoticeForm({ locale, saved }: { locale: Locale; saved: string }) {
  const { t } = useTranslation();
  const save = useSaveText();
  const [notice, setNotice] = useState(saved);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ key: 'notice', locale, value: { notice } });
      }}
      noValidate
      className="space-y-3"
    >
      <TextArea label={t('settings.notice.text')} value={notice} onChange={setNotice} rows={3} />
      <Outcome saved={save.isSuccess} error={save.error} />
      <Button type="submit" loading={save.isPending}>
        {t('settings.save')}
      </Button>
    </form>
  );
}

function WithdrawCard({ withdraw }: { withdraw: WithdrawSetting[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.withdraw.title')} testId="settings-withdraw">
      <p className="text-sm text-slate-600">{t('settings.withdraw.hint')}</p>
      <div className="space-y-4">
        {withdraw.map((setting) => (
          <WithdrawForm key={setting.currency} saved={setting} />
        ))}
      </div>
    </Card>
  );
}

type AmountField = 'min' | 'max' | 'autoApprove';
const AMOUNT_FIELDS: readonly AmountField[] = ['min', 'max', 'autoApprove'];

function WithdrawForm({ saved }: { saved: WithdrawSetting }) {
  const { t } = useTranslation();
  const save = useSaveWithdraw();
  const [values, setValues] = useState<Record<AmountField, string>>({
    min: minorToMajor(saved.min),
    max: minorToMajor(saved.max),
    autoApprove: minorToMajor(saved.autoApprove),
  });
  const [errors, setErrors] = useState<Partial<Record<AmountField, string>>>({});
  const currency = t(`settings.currency.${saved.currency}`);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    <form
      onSubmit={submit}
      noValidate
      aria-label={currency}
      className="space-y-3 rounded-xl border border-slate-200 p-3"
    >
      <h3 className="font-semibold text-slate-900">{currency}</h3>
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
      <Outcome saved={save.isSuccess} error={save.error} />
      <Button type="submit" loading={save.isPending}>
        {t('settings.save')}
      </Button>
    </form>
  );
}

function HowtoCard({ howto }: { howto: HowtoItem[] }) {
  const { t } = useTranslation();
  const save = useSaveHowto();
  const [urls, setUrls] = useState(() => howto.map((item) => item.url));
  const [invalid, setInvalid] = useState<number[]>([]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
        <form onSubmit={submit} noValidate className="space-y-3">
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
          <Outcome saved={save.isSuccess} error={save.error} />
          <Button type="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </form>
      )}
    </Card>
  );
}
