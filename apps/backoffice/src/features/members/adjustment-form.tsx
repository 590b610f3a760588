import type { AdjustmentBonusTerms } from '@member-wallet/contract/backoffice/adjustments';
import type { MemberDetail } from '@member-wallet/contract/backoffice/members';
import { Button } from '@member-wallet/ui/button';
import { FieldMessage, INPUT_CLASS } from '@member-wallet/ui/field-message';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useId, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { REASON_MAX, validReason } from '../../components/reason-dialog.tsx';
import { TermsWarnings } from '../../components/terms-warnings.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatMinor } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { majorToMinor } from '../../lib/money-input.ts';
import { useRequestAdjustment } from './api/request-adjustment.ts';
import { Card } from './member-card.tsx';

/** A member's adjustment (docs/backoffice/adjustments.md): the form, with its bonus terms when the credit is a bonus. */

/** The terms of a credit paid as a bonus, as typed: the defaults are those of a wheel prize (docs/promotions/wheel.md). */
interface BonusDraft {
  on: boolean;
  winMultiple: string;
  percentFail: string;
}

const BONUS_OFF: BonusDraft = { on: false, winMultiple: '1', percentFail: '100' };

type AdjustmentErrors = { amount?: string; reason?: string; winMultiple?: string; percentFail?: string };

/** A whole number from 0 to `max` as typed, or null. */
function wholeUpTo(text: string, max: number): number | null {
  const plain = text.trim();
  if (!/^\d{1,4}$/.test(plain)) return null;
  const value = Number(plain);
  return value <= max ? value : null;
}

/**
 * Credit or debit the wallet with a reason; a credit may be paid as a bonus with its two terms. The request id is
 * made once per set of values and kept until an answer comes, so pressing the button again after a failed
 * connection retries the same adjustment.
 */
export function AdjustmentForm({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation();
  const { member } = detail;
  const adjust = useRequestAdjustment(member.id);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [bonus, setBonus] = useState<BonusDraft>(BONUS_OFF);
  const [requestId, setRequestId] = useState<string | null>(null);
  const [errors, setErrors] = useState<AdjustmentErrors>({});
  const [result, setResult] = useState<string | null>(null);
  const reasonId = useId();
  const reasonMessageId = `${reasonId}-message`;

  function edited() {
    setRequestId(null);
    setResult(null);
    adjust.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minor = majorToMinor(amount);
    const next: AdjustmentErrors = {};
    if (minor === null || minor === '0') next.amount = t('member.adjustAmountInvalid');
    if (!validReason(reason)) next.reason = t('member.reasonInvalid');
    const asBonus = direction === 'debit' ? undefined : bonusTerms(bonus, next, t);
    setErrors(next);
    if (minor === null || minor === '0' || next.reason || asBonus === null) return;
    const id = requestId ?? crypto.randomUUID();
    setRequestId(id);
    const amountMinor = direction === 'debit' ? `-${minor}` : minor;
    adjust.mutate(
      { requestId: id, amountMinor, reason: reason.trim(), ...(asBonus ? { asBonus } : {}) },
      {
        onSuccess: ({ adjustment }) => {
          setResult(resultText(adjustment, t));
          setRequestId(null);
          setAmount('');
          setReason('');
          setBonus(BONUS_OFF);
        },
      },
    );
  }

  return (
    <Card title={t('member.adjustTitle')}>
      <form noValidate onSubmit={submit} className="max-w-xl space-y-3">
        <DirectionChoice
          direction={direction}
          onChange={(option) => {
            setDirection(option);
            edited();
          }}
        />
        <TextField
          label={t('member.adjustAmount', { currency: member.currency })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={errors.amount}
          hint={t('member.adjustAmountHint')}
          onChange={(event) => {
            setAmount(event.target.value);
            setErrors((current) => ({ ...current, amount: undefined }));
            edited();
          }}
        />
        {direction === 'credit' ? (
          <BonusTermsFields
            draft={bonus}
            currency={member.currency}
            errors={errors}
            onChange={(next) => {
              setBonus(next);
              setErrors((current) => ({ ...current, winMultiple: undefined, percentFail: undefined }));
              edited();
            }}
          />
        ) : null}
        <div>
          <label htmlFor={reasonId} className="mb-1 block text-slate-800">
            {t('member.reason')}
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={reasonMessageId}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors((current) => ({ ...current, reason: undefined }));
              edited();
            }}
            className={`${INPUT_CLASS} ${errors.reason ? 'border-red-600' : 'border-slate-300'}`}
          />
          <FieldMessage id={reasonMessageId} error={errors.reason} hint={t('member.reasonHint')} />
        </div>
        <ErrorAlert error={adjust.error ? errorText(adjust.error) : null} />
        <p role="status" className={result ? 'rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900' : 'sr-only'}>
          {result}
        </p>
        <Button type="submit" loading={adjust.isPending}>
          {t('member.adjustSubmit')}
        </Button>
      </form>
    </Card>
  );
}

/** The "pay as a bonus" switch of a credit and, when on, the bonus's two terms. */
function BonusTermsFields({
  draft,
  currency,
  errors,
  onChange,
}: {
  draft: BonusDraft;
  currency: string;
  errors: AdjustmentErrors;
  onChange: (draft: BonusDraft) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <div className="space-y-3">
      <div>
        <label className="flex min-h-11 items-center gap-3 text-slate-800">
          <input
            type="checkbox"
            role="switch"
            name="asBonus"
            checked={draft.on}
            aria-checked={draft.on}
            aria-describedby={hintId}
            onChange={(event) => onChange({ ...draft, on: event.target.checked })}
            className="size-5 accent-brand-700"
          />
          {t('member.adjustAsBonus')}
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          {t('member.adjustAsBonusHint')}
        </p>
      </div>
      {draft.on ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('member.adjustWinMultiple')}
            name="winMultiple"
            inputMode="numeric"
            autoComplete="off"
            value={draft.winMultiple}
            error={errors.winMultiple}
            onChange={(event) => onChange({ ...draft, winMultiple: event.target.value })}
          />
          <TextField
            label={t('member.adjustPercentFail')}
            name="percentFail"
            inputMode="numeric"
            autoComplete="off"
            value={draft.percentFail}
            error={errors.percentFail}
            onChange={(event) => onChange({ ...draft, percentFail: event.target.value })}
          />
          {/* An adjustment's bonus ends by itself only once nothing is left (floor 1 minor unit): only its multiple can pay it out. */}
          <div className="sm:col-span-2">
            <TermsWarnings
              terms={{
                amountRule: 'fixed',
                amountMinor: null,
                amountCapMinor: null,
                winMultiple: wholeUpTo(draft.winMultiple, 1000) ?? -1,
                endBelowMinor: '1',
              }}
              currency={currency}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** The bonus terms to send: none for cash; null when the typed terms are wrong (their errors set in `next`). */
function bonusTerms(
  bonus: BonusDraft,
  next: AdjustmentErrors,
  t: ReturnType<typeof useTranslation>['t'],
): AdjustmentBonusTerms | undefined | null {
  if (!bonus.on) return undefined;
  const winMultiple = wholeUpTo(bonus.winMultiple, 1000);
  const percentFail = wholeUpTo(bonus.percentFail, 100);
  if (winMultiple === null) next.winMultiple = t('member.adjustWinMultipleInvalid');
  if (percentFail === null) next.percentFail = t('member.adjustPercentFailInvalid');
  return winMultiple === null || percentFail === null ? null : { winMultiple, percentFail };
}

/** Credit or debit, as two radio buttons each the size of a finger. */
function DirectionChoice({
  direction,
  onChange,
}: {
  direction: 'credit' | 'debit';
  onChange: (direction: 'credit' | 'debit') => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-1 text-slate-800">{t('member.adjustDirection')}</legend>
      <div className="flex flex-wrap gap-2">
        {(['credit', 'debit'] as const).map((option) => (
          <label
            key={option}
            className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name="direction"
              value={option}
              checked={direction === option}
              onChange={() => onChange(option)}
            />
            {t(`member.adjust.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the operator is told of the adjustment sent: applied (as cash or as a bonus), or waiting for approval. */
function resultText(
  adjustment: { amountMinor: string; currency: string; status: string; asBonus: unknown },
  t: ReturnType<typeof useTranslation>['t'],
): string {
  const shown = formatMinor(adjustment.amountMinor, adjustment.currency);
  if (adjustment.status !== 'applied') return t('member.adjustAwaiting', { amount: shown });
  return t(adjustment.asBonus ? 'member.adjustAppliedBonus' : 'member.adjustApplied', { amount: shown });
}
