import { describe, expect, it } from 'vitest';
import { bonusTermsWarnings } from './bonus-terms-warnings.ts';

const fixed = {
  amountRule: 'fixed',
  amountMinor: '10000',
  amountCapMinor: null,
  winMultiple: 5,
  endBelowMinor: '500',
} as const;
const percent = {
  amountRule: 'deposit_percent',
  amountMinor: null,
  amountCapMinor: '100000',
  winMultiple: 5,
  endBelowMinor: '1000',
} as const;

describe('bonus terms that pay out without play', () => {
  it('has nothing to say of terms that need play', () => {
    expect(bonusTermsWarnings(fixed)).toEqual([]);
    expect(bonusTermsWarnings(percent)).toEqual([]);
  });

  it('warns when any win ends the bonus', () => {
    expect(bonusTermsWarnings({ ...fixed, winMultiple: 0 })).toEqual(['anyWinEnds']);
  });

  it('warns when the floor reaches the bonus itself, so one bet ends it as cash', () => {
    expect(bonusTermsWarnings({ ...fixed, endBelowMinor: '10000' })).toEqual(['floorReachesBonus']);
    expect(bonusTermsWarnings({ ...fixed, endBelowMinor: '9999' })).toEqual([]);
    expect(bonusTermsWarnings({ ...percent, endBelowMinor: '100000' })).toEqual(['floorReachesBonus']);
    expect(bonusTermsWarnings({ ...percent, endBelowMinor: '99999' })).toEqual([]);
  });

  it('gives both warnings, in order, and ignores amounts not yet written', () => {
    expect(bonusTermsWarnings({ ...fixed, winMultiple: 0, endBelowMinor: '20000' })).toEqual([
      'anyWinEnds',
      'floorReachesBonus',
    ]);
    expect(bonusTermsWarnings({ ...fixed, amountMinor: null })).toEqual([]);
    expect(bonusTermsWarnings({ ...fixed, endBelowMinor: 'x' })).toEqual([]);
  });
});
