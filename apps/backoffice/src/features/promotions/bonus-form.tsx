import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import type { BackofficeBonus, BonusTerms } from '@member-wallet/contract/backoffice/promotions';
import { BONUS_TYPES } from '@member-wallet/contract/bonus';
import { LAOS_CURRENCIES } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useState } from 'react';
import { CheckboxField, LocaleTabs, Outcome, SelectField, TextArea } from '../../components/form-parts.tsx';
import { TermsWarnings } from '../../components/terms-warnings.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { majorToMinor, minorToMajor } from '../../lib/money-input.ts';
import { wholeNumber } from '../../lib/number-input.ts';
import type { BonusKind } from './api/get-bonuses.ts';
import { useSaveBonus } from './api/save-bonus.ts';
import { type BannerDraft, BannerEditor, bannerImageValid } from './banner-editor.tsx';

/** The form of a bonus or a promotion code (docs/promotions/bonuses.md): its terms as typed, checked, and sent. */

type Texts = { th: string; lo: string; en: string };

interface Draft {
  code: string;
  type: BonusTerms['type'];
  currency: BonusTerms['currency'];
  maxReceived: string;
  totalMax: string;
  percentFail: string;
  amountRule: BonusTerms['amountRule'];
  amount: string;
  depositPercent: string;
  cap: string;
  windowHours: string;
  winMultiple: string;
  endBelow: string;
  names: Texts;
  descriptions: Texts;
  banners: BannerDraft[];
  sortOrder: string;
  active: boolean;
}

function draftOf(bonus: BackofficeBonus | null): Draft {
  const major = (minor: string | null) => (minor === null ? '' : minorToMajor(minor));
  return {
    code: bonus?.code ?? '',
    type: bonus?.type ?? 'limit',
    currency: (bonus?.currency as Draft['currency'] | undefined) ?? 'BAHT',
    maxReceived: String(bonus?.maxReceived ?? 1),
    totalMax: bonus?.totalMax === null || bonus?.totalMax === undefined ? '' : String(bonus.totalMax),
    percentFail: String(bonus?.percentFail ?? 100),
    amountRule: bonus?.amountRule ?? 'fixed',
    amount: major(bonus?.amountMinor ?? null),
    depositPercent:
      bonus?.depositPercent === null || bonus?.depositPercent === undefined ? '' : String(bonus.depositPercent),
    cap: major(bonus?.amountCapMinor ?? null),
    windowHours:
      bonus?.depositWindowHours === null || bonus?.depositWindowHours === undefined
        ? '24'
        : String(bonus.depositWindowHours),
    winMultiple: String(bonus?.winMultiple ?? 1),
    endBelow: major(bonus?.endBelowMinor ?? '0'),
    names: bonus?.names ?? { th: '', lo: '', en: '' },
    descriptions: bonus?.descriptions ?? { th: '', lo: '', en: '' },
    // The editor writes one html for every language; a per-language html shows its Thai text.
    banners: (bonus?.banners ?? []).map((banner) => ({
      image: banner.image,
      html: typeof banner.html === 'string' ? banner.html : banner.html.th,
    })),
    sortOrder: String(bonus?.sortOrder ?? 0),
    active: bonus?.active ?? true,
  };
}

type Errors = Partial<Record<string, string>>;

/** The request from the draft, or the fields that are not valid (checked as the server checks them). */
function termsOf(draft: Draft, t: (key: 'promotions.form.invalid' | 'promotions.form.required') => string) {
  const errors: Errors = {};
  const whole = (field: string, text: string, min: number, max: number) => {
    const value = wholeNumber(text, min, max);
    if (value === null) errors[field] = t('promotions.form.invalid');
    return value ?? 0;
  };
  const money = (field: string, text: string, positive: boolean) => {
    const minor = majorToMinor(text);
    if (minor === null || (positive && BigInt(minor) <= 0n)) errors[field] = t('promotions.form.invalid');
    return minor ?? '0';
  };
  const fixed = draft.amountRule === 'fixed';
  const terms: BonusTerms = {
    type: draft.type,
    currency: draft.currency,
    maxReceived: whole('maxReceived', draft.maxReceived, 1, 10_000),
    totalMax: draft.totalMax.trim() === '' ? null : whole('totalMax', draft.totalMax, 1, 1_000_000_000),
    percentFail: whole('percentFail', draft.percentFail, 0, 100),
    amountRule: draft.amountRule,
    amountMinor: fixed ? money('amount', draft.amount, true) : null,
    depositPercent: fixed ? null : whole('depositPercent', draft.depositPercent, 1, 1000),
    amountCapMinor: fixed ? null : money('cap', draft.cap, true),
    depositWindowHours: fixed ? null : whole('windowHours', draft.windowHours, 1, 720),
    winMultiple: whole('winMultiple', draft.winMultiple, 0, 1000),
    endBelowMinor: money('endBelow', draft.endBelow, false),
    names: draft.names,
    descriptions: draft.descriptions,
    banners: draft.banners,
    sortOrder: whole('sortOrder', draft.sortOrder, -1_000_000, 1_000_000),
    active: draft.active,
  };
  if (draft.names.th.trim() === '') errors.nameTh = t('promotions.form.required');
  if (draft.banners.some((banner) => !bannerImageValid(banner.image))) errors.banners = t('promotions.form.invalid');
  return { terms, errors };
}

/** The end terms as typed so far; a field not yet valid gives no warning. */
function warnedTerms(draft: Draft) {
  return {
    amountRule: draft.amountRule,
    amountMinor: majorToMinor(draft.amount),
    amountCapMinor: majorToMinor(draft.cap),
    winMultiple: wholeNumber(draft.winMultiple, 0, 1000) ?? -1,
    endBelowMinor: majorToMinor(draft.endBelow) ?? '',
  };
}

/** What the form sends: an edit of the bonus's terms, or a new bonus with its code; none while a field is wrong. */
function bonusInput(
  draft: Draft,
  bonus: BackofficeBonus | null,
  kind: BonusKind,
  t: ReturnType<typeof useTranslation>['t'],
) {
  const { terms, errors } = termsOf(draft, t);
  const code = draft.code.trim().toUpperCase();
  if (!bonus && !/^[A-Z0-9_-]{1,32}$/.test(code)) errors.code = t('promotions.form.codeInvalid');
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return { input: bonus ? { code: bonus.code, update: terms } : { create: { ...terms, code, kind } }, errors };
}

/** The form's draft of the terms, its errors, and each text field's value, error and change. */
function useDraft(bonus: BackofficeBonus | null) {
  const [draft, setDraft] = useState(() => draftOf(bonus));
  const [errors, setErrors] = useState<Errors>({});
  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => setDraft((old) => ({ ...old, [key]: value }));
  const text = (key: keyof Draft) => ({
    value: draft[key] as string,
    error: errors[key] ?? null,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as never),
  });
  return { draft, set, text, errors, setErrors };
}

export function BonusForm({
  kind,
  bonus,
  onDone,
}: {
  kind: BonusKind;
  bonus: BackofficeBonus | null;
  onDone: (waiting: PendingChange | null) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBonus();
  const { draft, set, text, errors, setErrors } = useDraft(bonus);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { input, errors: found } = bonusInput(draft, bonus, kind, t);
    setErrors(found);
    if (input) save.mutate(input, { onSuccess: (answer) => onDone(answer.change) });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-2xl bg-white p-4 shadow-sm"
      aria-label={t(`promotions.${kind}.form`)}
    >
      <h2 className="text-lg font-semibold text-slate-900">
        {bonus ? t('promotions.editNamed', { code: bonus.code }) : t(`promotions.${kind}.new`)}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        {bonus ? null : (
          <TextField
            label={t('promotions.form.code')}
            name="code"
            autoCapitalize="characters"
            hint={t('promotions.form.codeHint')}
            {...text('code')}
          />
        )}
        <SelectField
          label={t('promotions.form.type')}
          value={draft.type}
          onChange={(event) => set('type', event.target.value as Draft['type'])}
          options={BONUS_TYPES.map((value) => ({ value, label: t(`promotions.type.${value}`) }))}
        />
        <SelectField
          label={t('promotions.form.currency')}
          value={draft.currency}
          onChange={(event) => set('currency', event.target.value as Draft['currency'])}
          options={LAOS_CURRENCIES.map((value) => ({ value, label: value }))}
        />
        <TextField
          label={t('promotions.form.maxReceived')}
          name="maxReceived"
          inputMode="numeric"
          {...text('maxReceived')}
        />
        <TextField
          label={t('promotions.form.totalMax')}
          name="totalMax"
          inputMode="numeric"
          hint={t('promotions.form.totalMaxHint')}
          {...text('totalMax')}
        />
        <AmountRuleFields draft={draft} set={set} text={text} />
        <TextField
          label={t('promotions.form.winMultiple')}
          name="winMultiple"
          inputMode="numeric"
          hint={t('promotions.form.winMultipleHint')}
          {...text('winMultiple')}
        />
        <TextField
          label={t('promotions.form.endBelow')}
          name="endBelow"
          inputMode="decimal"
          hint={t('promotions.form.endBelowHint')}
          {...text('endBelow')}
        />
        <TextField
          label={t('promotions.form.percentFail')}
          name="percentFail"
          inputMode="numeric"
          hint={t('promotions.form.percentFailHint')}
          {...text('percentFail')}
        />
        <TextField label={t('promotions.form.sortOrder')} name="sortOrder" inputMode="numeric" {...text('sortOrder')} />
      </div>
      <TermsWarnings terms={warnedTerms(draft)} currency={draft.currency} />
      <CheckboxField
        label={t('promotions.form.active')}
        checked={draft.active}
        onChange={(value) => set('active', value)}
      />
      <LocaleTabs label={t('promotions.form.texts')}>
        {(locale) => (
          <div className="space-y-3">
            <TextField
              label={t('promotions.form.name')}
              name={`name-${locale}`}
              value={draft.names[locale]}
              error={locale === 'th' ? (errors.nameTh ?? null) : null}
              onChange={(event) => set('names', { ...draft.names, [locale]: event.target.value })}
            />
            <TextArea
              label={t('promotions.form.description')}
              value={draft.descriptions[locale]}
              onChange={(value) => set('descriptions', { ...draft.descriptions, [locale]: value })}
            />
          </div>
        )}
      </LocaleTabs>
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">{t('promotions.banners.title')}</legend>
        <BannerEditor banners={draft.banners} onChange={(banners) => set('banners', banners)} />
        {errors.banners ? (
          <p role="alert" className="text-sm text-red-700">
            {t('promotions.banners.imageInvalid')}
          </p>
        ) : null}
      </fieldset>
      <Outcome saved={false} error={save.error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          {t('promotions.save')}
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** How much a bonus gives: a fixed amount, or a percent of the qualifying deposit up to a cap, within a window. */
function AmountRuleFields({
  draft,
  set,
  text,
}: {
  draft: Draft;
  set: <Key extends keyof Draft>(key: Key, value: Draft[Key]) => void;
  text: (key: keyof Draft) => {
    value: string;
    error: string | null;
    onChange: (event: { target: { value: string } }) => void;
  };
}) {
  const { t } = useTranslation();
  return (
    <>
      <SelectField
        label={t('promotions.form.amountRule')}
        value={draft.amountRule}
        onChange={(event) => set('amountRule', event.target.value as Draft['amountRule'])}
        options={(['fixed', 'deposit_percent'] as const).map((value) => ({
          value,
          label: t(`promotions.rule.${value}`),
        }))}
      />
      {draft.amountRule === 'fixed' ? (
        <TextField label={t('promotions.form.amount')} name="amount" inputMode="decimal" {...text('amount')} />
      ) : (
        <>
          <TextField
            label={t('promotions.form.depositPercent')}
            name="depositPercent"
            inputMode="numeric"
            {...text('depositPercent')}
          />
          <TextField label={t('promotions.form.cap')} name="cap" inputMode="decimal" {...text('cap')} />
          <TextField
            label={t('promotions.form.windowHours')}
            name="windowHours"
            inputMode="numeric"
            {...text('windowHours')}
          />
        </>
      )}
    </>
  );
}
