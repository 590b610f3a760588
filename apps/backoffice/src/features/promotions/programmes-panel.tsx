import type { InviteSettingsValue, RefundSettingsValue } from '@member-wallet/contract/backoffice/promotions';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useState } from 'react';
import { Card, CheckboxField, Outcome, SelectField } from '../../components/form-parts.tsx';
import { savedTextOf, WaitingAfterSave } from '../../components/waiting-change.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/http.ts';
import { decimalNumber } from '../../lib/number-input.ts';
import { invite } from './api/invite-settings.ts';
import { refund } from './api/refund-settings.ts';

const AMOUNT_MAX = 100_000_000;

/** A number field of a programme: percent (0-100) or an amount in baht or kip, 2 decimals at most. */
function useNumbers<Field extends string>(initial: Record<Field, number>) {
  const [texts, setTexts] = useState(
    () =>
      Object.fromEntries(Object.entries(initial).map(([key, value]) => [key, String(value)])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  return { texts, setTexts, errors, setErrors };
}

/** The invite programme (docs/promotions/invite.md): its switch and numbers, replaced whole on save. */
export function InvitePanel() {
  const value = invite.useValue();
  if (value.isPending) return <PageSpinner />;
  if (value.isError) return <p role="alert">{errorText(value.error)}</p>;
  return <InviteForm saved={value.data} />;
}

function InviteForm({ saved }: { saved: InviteSettingsValue }) {
  const { t } = useTranslation();
  const save = invite.useSave();
  const [enabled, setEnabled] = useState(saved.enabled);
  const { texts, setTexts, errors, setErrors } = useNumbers({
    percent: saved.percent,
    successPercent: saved.successPercent,
    collectMinimum: saved.collectMinimum,
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const percent = decimalNumber(texts.percent, 0, 100);
    const successPercent = decimalNumber(texts.successPercent, 0, 100);
    const collectMinimum = decimalNumber(texts.collectMinimum, 0, AMOUNT_MAX);
    const invalid = t('promotions.form.invalid');
    setErrors({
      ...(percent === null ? { percent: invalid } : {}),
      ...(successPercent === null ? { successPercent: invalid } : {}),
      ...(collectMinimum === null ? { collectMinimum: invalid } : {}),
    });
    if (percent === null || successPercent === null || collectMinimum === null) return;
    save.mutate({ enabled, percent, successPercent, collectMinimum });
  }
  const field = (name: keyof typeof texts, hint?: string) => (
    <TextField
      label={t(`promotions.invite.${name}`)}
      name={name}
      inputMode="decimal"
      hint={hint}
      value={texts[name]}
      error={errors[name] ?? null}
      onChange={(event) => setTexts({ ...texts, [name]: event.target.value })}
    />
  );
  return (
    <Card title={t('promotions.invite.title')} testId="promotions-invite">
      <form onSubmit={submit} noValidate className="space-y-3">
        <CheckboxField label={t('promotions.invite.enabled')} checked={enabled} onChange={setEnabled} />
        {field('percent', t('promotions.invite.percentHint'))}
        {field('successPercent', t('promotions.invite.successPercentHint'))}
        {field('collectMinimum', t('promotions.invite.collectMinimumHint'))}
        <Outcome saved={save.isSuccess} error={save.error} savedText={savedTextOf(save.data?.change, t)} />
        <WaitingAfterSave change={save.data?.change} />
        <Button type="submit" loading={save.isPending}>
          {t('promotions.save')}
        </Button>
      </form>
    </Card>
  );
}

/** The loss refund (docs/promotions/refunds.md): its switch, period and numbers, replaced whole on save. */
export function RefundPanel() {
  const value = refund.useValue();
  if (value.isPending) return <PageSpinner />;
  if (value.isError) return <p role="alert">{errorText(value.error)}</p>;
  return <RefundForm saved={value.data} />;
}

function RefundForm({ saved }: { saved: RefundSettingsValue }) {
  const { t } = useTranslation();
  const save = refund.useSave();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [period, setPeriod] = useState(saved.period);
  const { texts, setTexts, errors, setErrors } = useNumbers({
    percent: saved.percent,
    minimum: saved.minimum,
    cap: saved.cap,
    successPercent: saved.successPercent,
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = {
      percent: decimalNumber(texts.percent, 0, 100),
      minimum: decimalNumber(texts.minimum, 0, AMOUNT_MAX),
      cap: decimalNumber(texts.cap, 0, AMOUNT_MAX),
      successPercent: decimalNumber(texts.successPercent, 0, 100),
    };
    const found = Object.fromEntries(
      Object.entries(values)
        .filter(([, value]) => value === null)
        .map(([key]) => [key, t('promotions.form.invalid')]),
    );
    setErrors(found);
    const { percent, minimum, cap, successPercent } = values;
    if (percent === null || minimum === null || cap === null || successPercent === null) return;
    save.mutate({ enabled, period, percent, minimum, cap, successPercent });
  }
  const field = (name: keyof typeof texts, hint?: string) => (
    <TextField
      label={t(`promotions.refund.${name}`)}
      name={name}
      inputMode="decimal"
      hint={hint}
      value={texts[name]}
      error={errors[name] ?? null}
      onChange={(event) => setTexts({ ...texts, [name]: event.target.value })}
    />
  );
  return (
    <Card title={t('promotions.refund.title')} testId="promotions-refund">
      <form onSubmit={submit} noValidate className="space-y-3">
        <CheckboxField label={t('promotions.refund.enabled')} checked={enabled} onChange={setEnabled} />
        <SelectField
          label={t('promotions.refund.period')}
          value={period}
          onChange={(event) => setPeriod(event.target.value as RefundSettingsValue['period'])}
          options={(['week', 'day'] as const).map((value) => ({
            value,
            label: t(`promotions.refund.periods.${value}`),
          }))}
        />
        {field('percent')}
        {field('minimum', t('promotions.refund.minimumHint'))}
        {field('cap', t('promotions.refund.capHint'))}
        {field('successPercent')}
        <Outcome saved={save.isSuccess} error={save.error} savedText={savedTextOf(save.data?.change, t)} />
        <WaitingAfterSave change={save.data?.change} />
        <Button type="submit" loading={save.isPending}>
          {t('promotions.save')}
        </Button>
      </form>
    </Card>
  );
}
