import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitsResponse,
  type LimitView,
} from '@member-wallet/contract/safer-play';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useState } from 'react';
import { type TFunction, useTranslation } from '../../../i18n/i18n.ts';
import { displayCurrency, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { isApiError, toastError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useLimits } from '../api/get-limits.ts';
import { useSaveLimits } from '../api/save-limits.ts';
import { type LimitField, type LimitProblem, type LimitValues, readLimitForm, startingValues } from '../limit-form.ts';

type Money = (value: number) => string;

/** Where a limit stands: in force, used and left, and a raise or removal that waits. */
function LimitFacts({ view, money }: { view: LimitView; money: Money }) {
  const { t } = useTranslation();
  const { pending } = view;
  return (
    <div className="mt-1 space-y-0.5 text-sm text-slate-600">
      <p>
        {view.amount === null
          ? t('saferPlay.limits.none')
          : t('saferPlay.limits.facts', {
              amount: money(view.amount),
              used: money(view.used),
              left: money(view.left ?? 0),
            })}
      </p>
      {pending ? (
        <p className="rounded-lg bg-amber-50 px-2 py-1 text-amber-900">
          {pending.amount === null
            ? t('saferPlay.limits.pendingRemoval', { date: formatDateTime(pending.from) })
            : t('saferPlay.limits.pending', { amount: money(pending.amount), date: formatDateTime(pending.from) })}
        </p>
      ) : null}
    </div>
  );
}

function problemText(t: TFunction, problem: LimitProblem | undefined): string | undefined {
  if (problem === 'amount') return t('saferPlay.limits.amountInvalid');
  if (problem === 'order') return t('saferPlay.limits.orderInvalid');
  return undefined;
}

/** The server names a refused field `deposit.week` with KEY_INVALID: a longer period below a shorter one. */
function serverProblems(error: unknown): Partial<Record<LimitField, LimitProblem>> | null {
  if (!isApiError(error) || Object.keys(error.fields).length === 0) return null;
  const problems: Partial<Record<LimitField, LimitProblem>> = {};
  for (const field of Object.keys(error.fields)) problems[field as LimitField] = 'order';
  return problems;
}

function LimitsForm({ limits }: { limits: LimitsResponse }) {
  const { t, i18n } = useTranslation();
  const save = useSaveLimits();
  const [values, setValues] = useState<LimitValues>(() => startingValues(limits));
  const [problems, setProblems] = useState<Partial<Record<LimitField, LimitProblem>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const currency = displayCurrency(limits.currency);
  const money: Money = (value) => formatMoney(i18n.language, value, currency);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = readLimitForm(values);
    setProblems(form.problems ?? {});
    setNotice(null);
    if (!form.body) return;
    save.mutate(form.body, {
      onSuccess: (answer) => {
        setValues(startingValues(answer));
        if (answer.message === 'LIMIT_COOLING_OFF') setNotice(t('errors.LIMIT_COOLING_OFF'));
        else showToast('success', t('saferPlay.limits.saved'));
      },
      onError: (error) => {
        const fields = serverProblems(error);
        if (fields) setProblems(fields);
        else toastError(error);
      },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {LIMIT_KINDS.map((kind) => (
        <LimitGroup
          key={kind}
          kind={kind}
          limits={limits}
          values={values}
          problems={problems}
          money={money}
          onChange={(field, value) => setValues((previous) => ({ ...previous, [field]: value }))}
        />
      ))}
      {notice ? (
        <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
          {notice}
        </p>
      ) : null}
      <Button type="submit" block loading={save.isPending}>
        {t('saferPlay.limits.save')}
      </Button>
    </form>
  );
}

interface GroupProps {
  kind: LimitKind;
  limits: LimitsResponse;
  values: LimitValues;
  problems: Partial<Record<LimitField, LimitProblem>>;
  money: Money;
  onChange: (field: LimitField, value: string) => void;
}

function LimitGroup({ kind, limits, values, problems, money, onChange }: GroupProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold text-slate-900">{t(`saferPlay.limits.kind.${kind}`)}</legend>
      {LIMIT_PERIODS.map((period) => {
        const field: LimitField = `${kind}.${period}`;
        return (
          <div key={field}>
            <TextField
              label={t(`saferPlay.limits.period.${period}`)}
              name={field}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('saferPlay.limits.noLimitPlaceholder')}
              value={values[field]}
              error={problemText(t, problems[field])}
              onChange={(event) => onChange(field, event.target.value)}
            />
            <LimitFacts view={limits[kind][period]} money={money} />
          </div>
        );
      })}
    </fieldset>
  );
}

/** Deposit and loss limits per day, week and month (issue 23). */
export function LimitsSection() {
  const { t } = useTranslation();
  const limits = useLimits();
  return (
    <section aria-labelledby="safer-play-limits" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="safer-play-limits" className="text-lg font-semibold text-slate-900">
        {t('saferPlay.limits.title')}
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-600">{t('saferPlay.limits.intro')}</p>
      {limits.isPending ? <Spinner /> : null}
      {limits.isError ? <p className="text-slate-600">{t('common.loadFailed')}</p> : null}
      {limits.data ? <LimitsForm limits={limits.data} /> : null}
    </section>
  );
}
