import {
  SPIN_SLICES_MAX,
  type SpinRulesSetting,
  type SpinSliceSetting,
  type SpinWheelSetting,
  spinRulesSetting,
  spinWheelSetting,
} from '@member-wallet/contract/backoffice/promotions';
import { LAOS_CURRENCIES, LOCALES } from '@member-wallet/contract/constants';
import { PRIZE_TYPES } from '@member-wallet/contract/spin';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useState } from 'react';
import { z } from 'zod/mini';
import { Card, CheckboxField, Outcome, SelectField } from '../../components/form-parts.tsx';
import { TermsWarnings } from '../../components/terms-warnings.tsx';
import { savedTextOf, WaitingAfterSave } from '../../components/waiting-change.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/http.ts';
import { decimalNumber, wholeNumber } from '../../lib/number-input.ts';
import { useSpinSettings } from './api/get-spin-settings.ts';
import { useSaveSpin } from './api/save-spin-settings.ts';
import { WheelReturnSummary } from './wheel-return.tsx';

/** A slice as typed: numbers as text until saved. */
interface SliceDraft {
  code: string;
  label: { th: string; lo: string; en: string };
  bgColor: string;
  textColor: string;
  htmlDescription?: SpinSliceSetting['htmlDescription'];
  weight: string;
  prizeType: SpinSliceSetting['prize']['type'];
  amounts: Record<string, string>;
}

function sliceDraft(slice: SpinSliceSetting | null, index: number): SliceDraft {
  return {
    code: slice?.code ?? `SLICE_${index + 1}`,
    label: slice?.label ?? { th: '', lo: '', en: '' },
    bgColor: slice?.bgColor ?? '#1565C0',
    textColor: slice?.textColor ?? '#FFFFFF',
    htmlDescription: slice?.htmlDescription,
    weight: String(slice?.weight ?? 1),
    prizeType: slice?.prize.type ?? 'none',
    amounts: Object.fromEntries(
      LAOS_CURRENCIES.map((currency) => [currency, String(slice?.prize.amount?.[currency] ?? '')]),
    ),
  };
}

/** The amounts of a form that read as amounts, by currency; the rest are left out (the summary says so). */
function typedAmounts(texts: Record<string, string>): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const [currency, text] of Object.entries(texts)) {
    const amount = decimalNumber(text, 0, 1e12);
    if (amount !== null && amount > 0) amounts[currency] = amount;
  }
  return amounts;
}

const EMPTY_WHEEL: SpinWheelSetting = { active: false, name: { th: '', lo: '', en: '' }, slices: [] };
const DEFAULT_RULES: SpinRulesSetting = { depositPerCoin: { BAHT: 100, LAK: 30_000 }, couponExpiryHours: 168 };
/** The server's terms of a claimed cash prize when the rules leave them out (docs/promotions/wheel.md). */
const PRIZE_WIN_MULTIPLE_DEFAULT = 1;
const PRIZE_PERCENT_FAIL_DEFAULT = 100;

/** The wheel as the server reads it, from the form's drafts (a field that does not parse is sent as -1, refused). */
function wheelValueOf(active: boolean, name: SpinWheelSetting['name'], slices: readonly SliceDraft[]) {
  return {
    active,
    name,
    slices: slices.map((slice) => ({
      code: slice.code.trim().toUpperCase(),
      label: slice.label,
      bgColor: slice.bgColor,
      textColor: slice.textColor,
      ...(slice.htmlDescription ? { htmlDescription: slice.htmlDescription } : {}),
      weight: wholeNumber(slice.weight, 0, 1_000_000) ?? -1,
      prize:
        slice.prizeType === 'cash'
          ? {
              type: 'cash' as const,
              amount: Object.fromEntries(
                Object.entries(slice.amounts)
                  .filter(([, text]) => text.trim() !== '')
                  .map(([currency, text]) => [currency, decimalNumber(text, 0, 1e12) ?? -1]),
              ),
            }
          : { type: slice.prizeType },
    })),
  };
}

/** The coin rule's coupon expiry and a cash prize's bonus terms, as typed. */
type RuleTexts = { expiry: string; prizeWinMultiple: string; prizePercentFail: string };

/** The coin rule and a cash prize's bonus terms, from the form's texts. */
function rulesValueOf(perCoin: Record<string, string>, texts: RuleTexts) {
  return {
    depositPerCoin: Object.fromEntries(
      Object.entries(perCoin)
        .filter(([, text]) => text.trim() !== '')
        .map(([currency, text]) => [currency, decimalNumber(text, 0, 1e12) ?? -1]),
    ),
    couponExpiryHours: wholeNumber(texts.expiry, 1, 24 * 366) ?? -1,
    prizeWinMultiple: wholeNumber(texts.prizeWinMultiple, 0, 1000) ?? -1,
    prizePercentFail: wholeNumber(texts.prizePercentFail, 0, 100) ?? -1,
  };
}

/**
 * The prize wheel (docs/promotions/wheel.md): the slices with their labels, colours, weights (the chance
 * each is drawn) and prizes, and the coin rule. Saved whole; the server refuses a wheel that does not parse.
 */
export function WheelPanel() {
  const settings = useSpinSettings();
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) return <p role="alert">{errorText(settings.error)}</p>;
  return <WheelForm wheel={settings.data.wheel ?? EMPTY_WHEEL} rules={settings.data.rules ?? DEFAULT_RULES} />;
}

function WheelForm({ wheel, rules }: { wheel: SpinWheelSetting; rules: SpinRulesSetting }) {
  const { t } = useTranslation();
  const save = useSaveSpin();
  const [active, setActive] = useState(wheel.active);
  const [name, setName] = useState(wheel.name);
  const [slices, setSlices] = useState(() =>
    (wheel.slices.length > 0 ? wheel.slices : [null, null]).map((slice, index) => sliceDraft(slice, index)),
  );
  const [perCoin, setPerCoin] = useState<Record<string, string>>(() =>
    Object.fromEntries(LAOS_CURRENCIES.map((currency) => [currency, String(rules.depositPerCoin[currency] ?? '')])),
  );
  const [ruleTexts, setRuleTexts] = useState<RuleTexts>(() => ({
    expiry: String(rules.couponExpiryHours),
    prizeWinMultiple: String(rules.prizeWinMultiple ?? PRIZE_WIN_MULTIPLE_DEFAULT),
    prizePercentFail: String(rules.prizePercentFail ?? PRIZE_PERCENT_FAIL_DEFAULT),
  }));
  const [problem, setProblem] = useState<string | null>(null);

  const weights = slices.map((slice) => wholeNumber(slice.weight, 0, 1_000_000) ?? 0);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const setSlice = (index: number, change: Partial<SliceDraft>) =>
    setSlices(slices.map((slice, each) => (each === index ? { ...slice, ...change } : slice)));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wheelValue = wheelValueOf(active, name, slices);
    const rulesValue = rulesValueOf(perCoin, ruleTexts);
    // Checked here with the schema the server reads the wheel with, so the operator learns what is wrong first.
    const wheelCheck = z.safeParse(spinWheelSetting, wheelValue);
    const rulesCheck = z.safeParse(spinRulesSetting, rulesValue);
    if (!wheelCheck.success || !rulesCheck.success) {
      setProblem(t(wheelCheck.success ? 'promotions.wheel.rulesInvalid' : 'promotions.wheel.invalid'));
      return;
    }
    setProblem(null);
    save.mutate({ wheel: wheelCheck.data, rules: rulesCheck.data });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Card title={t('promotions.wheel.title')} testId="promotions-wheel">
        <CheckboxField label={t('promotions.wheel.active')} checked={active} onChange={setActive} />
        <div className="grid gap-3 sm:grid-cols-3">
          {LOCALES.map((locale) => (
            <TextField
              key={locale}
              label={t('promotions.wheel.name', { language: t(`settings.locale.${locale}`) })}
              name={`wheel-name-${locale}`}
              value={name[locale]}
              onChange={(event) => setName({ ...name, [locale]: event.target.value })}
            />
          ))}
        </div>
        <p className="text-sm text-slate-600">{t('promotions.wheel.weightsHint', { total })}</p>
        <WheelReturnSummary
          slices={slices.map((slice, index) => ({
            weight: weights[index] ?? 0,
            prize: { type: slice.prizeType, amount: typedAmounts(slice.amounts) },
          }))}
          depositPerCoin={typedAmounts(perCoin)}
          currencies={LAOS_CURRENCIES}
        />
        <ol className="space-y-3">
          {slices.map((slice, index) => (
            <SliceEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: slices are edited in place; the position is the identity
              key={index}
              slice={slice}
              index={index}
              percent={total > 0 ? (((weights[index] ?? 0) * 100) / total).toFixed(2) : '0.00'}
              onChange={(change) => setSlice(index, change)}
              removable={slices.length > 2}
              onRemove={() => setSlices(slices.filter((_, each) => each !== index))}
            />
          ))}
        </ol>
        <Button
          variant="secondary"
          disabled={slices.length >= SPIN_SLICES_MAX}
          onClick={() => setSlices([...slices, sliceDraft(null, slices.length)])}
        >
          {t('promotions.wheel.add')}
        </Button>
      </Card>
      <CoinRuleCard perCoin={perCoin} onPerCoin={setPerCoin} texts={ruleTexts} onTexts={setRuleTexts} />
      {problem ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : (
        <Outcome saved={save.isSuccess} error={save.error} savedText={savedTextOf(save.data?.change, t)} />
      )}
      <WaitingAfterSave change={save.data?.change} />
      <Button type="submit" loading={save.isPending}>
        {t('promotions.save')}
      </Button>
    </form>
  );
}

/** One slice of the wheel: its code, weight and the chance that gives it, prize, labels, amounts and colours. */
function SliceEditor({
  slice,
  index,
  percent,
  onChange,
  removable,
  onRemove,
}: {
  slice: SliceDraft;
  index: number;
  percent: string;
  onChange: (change: Partial<SliceDraft>) => void;
  removable: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li key={index} className="space-y-2 rounded-xl border border-slate-200 p-3" data-testid={`slice-${index}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{t('promotions.wheel.slice', { number: index + 1 })}</p>
        <span className="text-sm text-slate-700">{t('promotions.wheel.chance', { percent })}</span>
      </div>
      <div className="grid gap-2 sm:grid-cols-3">
        <TextField
          label={t('promotions.wheel.code')}
          name={`code-${index}`}
          value={slice.code}
          onChange={(event) => onChange({ code: event.target.value })}
        />
        <TextField
          label={t('promotions.wheel.weight')}
          name={`weight-${index}`}
          inputMode="numeric"
          value={slice.weight}
          onChange={(event) => onChange({ weight: event.target.value })}
        />
        <SelectField
          label={t('promotions.wheel.prize')}
          value={slice.prizeType}
          onChange={(event) => onChange({ prizeType: event.target.value as SliceDraft['prizeType'] })}
          options={PRIZE_TYPES.map((value) => ({ value, label: t(`promotions.wheel.prizes.${value}`) }))}
        />
        {LOCALES.map((locale) => (
          <TextField
            key={locale}
            label={t('promotions.wheel.label', { language: t(`settings.locale.${locale}`) })}
            name={`label-${index}-${locale}`}
            value={slice.label[locale]}
            onChange={(event) => onChange({ label: { ...slice.label, [locale]: event.target.value } })}
          />
        ))}
        {slice.prizeType === 'cash'
          ? LAOS_CURRENCIES.map((currency) => (
              <TextField
                key={currency}
                label={t('promotions.wheel.amount', { currency })}
                name={`amount-${index}-${currency}`}
                inputMode="decimal"
                value={slice.amounts[currency] ?? ''}
                onChange={(event) => onChange({ amounts: { ...slice.amounts, [currency]: event.target.value } })}
              />
            ))
          : null}
        <TextField
          label={t('promotions.wheel.bgColor')}
          name={`bg-${index}`}
          value={slice.bgColor}
          onChange={(event) => onChange({ bgColor: event.target.value })}
        />
        <TextField
          label={t('promotions.wheel.textColor')}
          name={`text-${index}`}
          value={slice.textColor}
          onChange={(event) => onChange({ textColor: event.target.value })}
        />
      </div>
      <Button variant="ghost" disabled={!removable} onClick={onRemove}>
        {t('promotions.wheel.remove')}
      </Button>
    </li>
  );
}

/** How members earn coins (a deposit amount per coin, per currency), how long coupons last, a cash prize's terms. */
function CoinRuleCard({
  perCoin,
  onPerCoin,
  texts,
  onTexts,
}: {
  perCoin: Record<string, string>;
  onPerCoin: (perCoin: Record<string, string>) => void;
  texts: RuleTexts;
  onTexts: (texts: RuleTexts) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('promotions.wheel.coinRule')} testId="promotions-coin-rule">
      <div className="grid gap-3 sm:grid-cols-3">
        {LAOS_CURRENCIES.map((currency) => (
          <TextField
            key={currency}
            label={t('promotions.wheel.perCoin', { currency })}
            name={`per-coin-${currency}`}
            inputMode="decimal"
            value={perCoin[currency] ?? ''}
            onChange={(event) => onPerCoin({ ...perCoin, [currency]: event.target.value })}
          />
        ))}
        <TextField
          label={t('promotions.wheel.expiry')}
          name="expiry"
          inputMode="numeric"
          value={texts.expiry}
          onChange={(event) => onTexts({ ...texts, expiry: event.target.value })}
        />
      </div>
      <p className="text-sm text-slate-600">{t('promotions.wheel.prizeTermsHint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('promotions.wheel.prizeWinMultiple')}
          name="prize-win-multiple"
          inputMode="numeric"
          value={texts.prizeWinMultiple}
          onChange={(event) => onTexts({ ...texts, prizeWinMultiple: event.target.value })}
        />
        <TextField
          label={t('promotions.wheel.prizePercentFail')}
          name="prize-percent-fail"
          inputMode="numeric"
          value={texts.prizePercentFail}
          onChange={(event) => onTexts({ ...texts, prizePercentFail: event.target.value })}
        />
      </div>
      {/* A prize bonus ends by itself only once nothing is left: only its multiple can pay it out unplayed. */}
      <TermsWarnings
        terms={{
          amountRule: 'fixed',
          amountMinor: null,
          amountCapMinor: null,
          winMultiple: wholeNumber(texts.prizeWinMultiple, 0, 1000) ?? -1,
          endBelowMinor: '1',
        }}
      />
    </Card>
  );
}
