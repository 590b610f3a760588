/**
 * Terms with which a bonus can become cash after almost no play (issue 39; docs/promotions/bonuses.md, Ending),
 * for the back-office editors to warn before they are saved. Terms are never refused for them: a bonus meant as a
 * gift may be given so, on purpose.
 * - `anyWinEnds`: `winMultiple` 0 ends the bonus at the first win, however small.
 * - `floorReachesBonus`: the floor is at or above the bonus (a fixed amount, or a percentage's cap): a member
 *   holding only the bonus ends it with one bet and keeps the rest as cash.
 */
export type BonusTermsWarning = 'anyWinEnds' | 'floorReachesBonus';

export interface WarnedTerms {
  amountRule: 'fixed' | 'deposit_percent';
  amountMinor: string | null;
  amountCapMinor: string | null;
  winMultiple: number;
  endBelowMinor: string;
}

const MINOR = /^\d+$/;

export function bonusTermsWarnings(terms: WarnedTerms): BonusTermsWarning[] {
  const warnings: BonusTermsWarning[] = [];
  if (terms.winMultiple === 0) warnings.push('anyWinEnds');
  const bonus = terms.amountRule === 'fixed' ? terms.amountMinor : terms.amountCapMinor;
  if (bonus !== null && MINOR.test(bonus) && MINOR.test(terms.endBelowMinor)) {
    if (BigInt(terms.endBelowMinor) >= BigInt(bonus)) warnings.push('floorReachesBonus');
  }
  return warnings;
}
