import { toMinorUnits } from '@member-wallet/client-core/money';
import { type WheelReturnSlice, wheelExpectedReturn } from '@member-wallet/contract/spin';
import { useId } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatMinor } from '../../lib/format.ts';

/**
 * A major-unit amount of wheelExpectedReturn as the back-office shows money. It works in the contract's minor
 * units, so every amount it answers is one the contract's rule converts.
 */
function money(amount: number, currency: string): string {
  return formatMinor(String(toMinorUnits(amount) ?? amount), currency);
}

/**
 * The wheel's expected return per coin (docs/promotions/wheel.md, Weights and odds), per currency, from the form as
 * it is typed: the average cash of a spin and its share of the deposit that earns the coin, with the
 * contract's `wheelExpectedReturn`, the one formula the server's demo wheel is checked with too.
 */
export function WheelReturnSummary({
  slices,
  depositPerCoin,
  currencies,
}: {
  slices: readonly WheelReturnSlice[];
  depositPerCoin: Readonly<Record<string, number>>;
  currencies: readonly string[];
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const returns = wheelExpectedReturn(slices, depositPerCoin, currencies);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="wheel-return"
      className="space-y-1 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm"
    >
      <h3 id={titleId} className="font-semibold text-slate-900">
        {t('promotions.wheel.returnTitle')}
      </h3>
      <p className="text-slate-600">{t('promotions.wheel.returnHint')}</p>
      {returns.length === 0 ? <p className="text-slate-800">{t('promotions.wheel.returnEmpty')}</p> : null}
      <ul className="space-y-1">
        {returns.map((each) => {
          const cash = money(each.cashPerSpin, each.currency);
          return (
            <li key={each.currency} data-testid={`wheel-return-${each.currency}`} className="text-slate-900">
              <span className="font-semibold">
                {each.depositPerCoin !== null && each.percentOfDeposit !== null
                  ? t('promotions.wheel.returnLine', {
                      cash,
                      percent: each.percentOfDeposit.toFixed(2),
                      deposit: money(each.depositPerCoin, each.currency),
                    })
                  : t('promotions.wheel.returnNoCoin', { cash, currency: each.currency })}
              </span>
              {each.missingAmount ? (
                <span className="block text-amber-800">
                  {t('promotions.wheel.returnMissing', { currency: each.currency })}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
