import type { SettingTextKey, SiteSettingsResponse } from '@member-wallet/contract/backoffice/settings';
import type { Locale } from '@member-wallet/contract/constants';
import type { ContactResponse, InfoResponse } from '@member-wallet/contract/lookup';
import { TextField } from '@member-wallet/ui/text-field';
import { useState } from 'react';
import { Card, LocaleTabs, SaveForm, TextArea } from '../../components/form-parts.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { useSaveText } from './api/save-text.ts';

type Texts = SiteSettingsResponse['texts'];

/**
 * The member texts, one form per language (docs/backoffice/settings.md): a language left empty shows the
 * member the Thai text.
 */
export function InfoCard({ info }: { info: Texts['info'] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.info.title')} testId="settings-info">
      <LocaleTabs label={t('settings.info.title')}>
        {(locale) => <InfoForm locale={locale} saved={info[locale] ?? { name: '', website: '' }} />}
      </LocaleTabs>
    </Card>
  );
}

function InfoForm({ locale, saved }: { locale: Locale; saved: InfoResponse }) {
  const { t } = useTranslation();
  const save = useSaveText();
  const [values, setValues] = useState(saved);
  return (
    <SaveForm save={save} onSubmit={() => save.mutate({ key: 'info', locale, value: values })}>
      <TextField
        label={t('settings.info.name')}
        name="name"
        value={values.name}
        onChange={(event) => setValues((old) => ({ ...old, name: event.target.value }))}
      />
      <TextField
        label={t('settings.info.website')}
        name="website"
        inputMode="url"
        value={values.website}
        onChange={(event) => setValues((old) => ({ ...old, website: event.target.value }))}
      />
    </SaveForm>
  );
}

const EMPTY_CONTACT: ContactResponse = { contactText: '', lineName: '', lineLink: '', lineQR: '' };

export function ContactCard({ contact }: { contact: Texts['contact'] }) {
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

const CONTACT_LINES = ['lineName', 'lineLink', 'lineQR'] as const;

function ContactForm({ locale, saved }: { locale: Locale; saved: ContactResponse }) {
  const { t } = useTranslation();
  const save = useSaveText();
  const [values, setValues] = useState(saved);
  const set = (field: keyof ContactResponse) => (value: string) => setValues((old) => ({ ...old, [field]: value }));
  return (
    <SaveForm save={save} onSubmit={() => save.mutate({ key: 'contact', locale, value: values })}>
      <TextArea
        label={t('settings.contact.contactText')}
        value={values.contactText}
        onChange={set('contactText')}
        rows={4}
      />
      {CONTACT_LINES.map((field) => (
        <TextField
          key={field}
          label={t(`settings.contact.${field}`)}
          name={field}
          inputMode={field === 'lineName' ? undefined : 'url'}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
        />
      ))}
    </SaveForm>
  );
}

export function NoticeCard({ notice }: { notice: Texts['notice'] }) {
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
    <SaveForm save={save} onSubmit={() => save.mutate({ key: 'notice', locale, value: { notice } })}>
      <TextArea label={t('settings.notice.text')} value={notice} onChange={setNotice} rows={3} />
    </SaveForm>
  );
}

/** Conditions and agreements: lists of paragraphs, one per line here; empty lines are dropped. */
export function LinesCard({
  textKey,
  lines,
}: {
  textKey: Extract<SettingTextKey, 'conditions' | 'agreements'>;
  lines: Texts['conditions'];
}) {
  const { t } = useTranslation();
  return (
    <Card title={t(`settings.${textKey}.title`)} testId={`settings-${textKey}`}>
      <p className="text-sm text-slate-600">{t('settings.linesHint')}</p>
      <LocaleTabs label={t(`settings.${textKey}.title`)}>
        {(locale) => <LinesForm textKey={textKey} locale={locale} saved={lines[locale] ?? []} />}
      </LocaleTabs>
    </Card>
  );
}

function LinesForm({
  textKey,
  locale,
  saved,
}: {
  textKey: 'conditions' | 'agreements';
  locale: Locale;
  saved: string[];
}) {
  const { t } = useTranslation();
  const save = useSaveText();
  const [text, setText] = useState(saved.join('\n'));
  const lines = () =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
  return (
    <SaveForm save={save} onSubmit={() => save.mutate({ key: textKey, locale, value: lines() })}>
      <TextArea label={t(`settings.${textKey}.text`)} value={text} onChange={setText} rows={6} />
    </SaveForm>
  );
}
