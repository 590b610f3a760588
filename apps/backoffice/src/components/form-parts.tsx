import { SETTINGS_LOCALES } from '@member-wallet/contract/backoffice/settings';
import type { Locale } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { FieldMessage, INPUT_CLASS } from '@member-wallet/ui/field-message';
import { type FormEvent, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { errorText } from '../lib/http.ts';

/**
 * The building blocks of the back-office's forms (site settings, promotions): a card per part, a form that saves
 * and tells what came of it, tabs per member language, text areas, selects and check boxes.
 */

/** The settings screen's building blocks: a card per part, a form that saves and tells what came of it. */
export function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
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
/** `savedText`: what a success says, when not "Saved" (a change that waits for a second admin). */
export function Outcome({ saved, error, savedText }: { saved: boolean; error: unknown; savedText?: string }) {
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
      {saved ? (savedText ?? t('common.saved')) : ''}
    </p>
  );
}

/**
 * A part's form: its fields, what the save did, and the save button. `onSubmit` checks the fields and starts
 * the save; the browser's own validation is off, each form says what is wrong in the operator's language.
 */
export function SaveForm({
  onSubmit,
  save,
  children,
  label,
  className = 'space-y-3',
  savedText,
}: {
  onSubmit: () => void;
  save: { isPending: boolean; isSuccess: boolean; error: unknown };
  children: ReactNode;
  label?: string;
  className?: string;
  savedText?: string;
}) {
  const { t } = useTranslation();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate aria-label={label} className={className}>
      {children}
      <Outcome saved={save.isSuccess} error={save.error} savedText={savedText} />
      <Button type="submit" loading={save.isPending}>
        {t('settings.save')}
      </Button>
    </form>
  );
}

/** One tab per member language; the panel shows the chosen one's form. */
export function LocaleTabs({ label, children }: { label: string; children: (locale: Locale) => ReactNode }) {
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

export function TextArea({
  label,
  value,
  onChange,
  rows = 3,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  error?: string | null;
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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT_CLASS} border-slate-300`}
      />
      <FieldMessage id={`${id}-message`} error={error} />
    </div>
  );
}

export function SelectField({
  label,
  options,
  ...rest
}: { label: string; options: readonly { value: string; label: string }[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-slate-800">
        {label}
      </label>
      <select id={id} className={`${INPUT_CLASS} border-slate-300`} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-brand-700"
      />
      {label}
    </label>
  );
}
