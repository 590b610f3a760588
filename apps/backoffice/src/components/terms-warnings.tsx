import { bonusTermsWarnings, type WarnedTerms } from '@member-wallet/contract/backoffice/bonus-terms-warnings';
import { useTranslation } from '../i18n/i18n.ts';
import { formatMinor } from '../lib/format.ts';

/**
 * What the terms being edited let a member take as cash after almost no play (bonus-terms-warnings.ts), shown as
 * the operator types. A warning, not a refusal: the terms still save. `currency` names the amounts of the floor's
 * warning; terms with no amount (a wheel prize's, an adjustment's) have none.
 */
export function TermsWarnings({ terms, currency = '' }: { terms: WarnedTerms; currency?: string }) {
  const { t } = useTranslation();
  const warnings = bonusTermsWarnings(terms);
  if (warnings.length === 0) return null;
  const bonus = (terms.amountRule === 'fixed' ? terms.amountMinor : terms.amountCapMinor) ?? '0';
  return (
    <div role="status" className="rounded-xl bg-amber-50 p-3 text-amber-900" data-testid="bonus-terms-warnings">
      <p className="font-semibold">{t('promotions.warnings.title')}</p>
      <ul className="list-disc pl-5">
        {warnings.map((warning) => (
          <li key={warning}>
            {warning === 'anyWinEnds'
              ? t('promotions.warnings.anyWinEnds')
              : t('promotions.warnings.floorReachesBonus', {
                  floor: formatMinor(terms.endBelowMinor, currency),
                  bonus: formatMinor(bonus, currency),
                })}
          </li>
        ))}
      </ul>
    </div>
  );
}
