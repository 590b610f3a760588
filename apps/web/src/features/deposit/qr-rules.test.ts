import { describe, expect, it } from 'vitest';
import { checkEnglishName, needsEnglishName } from './bank-name.ts';
import { canCreateQr, formatCountdown, qrMinimum, qrQuickAmounts, svgImageSource } from './qr-rules.ts';

describe('QR rules', () => {
  it('gives FP the build setting as its first quick amount and as a floor of its minimum', () => {
    expect(qrQuickAmounts({ bankCode: 'FP' }, 25)).toEqual([25, 50, 100, 500, 1000]);
    expect(qrMinimum({ bankCode: 'FP', minAmount: 10 }, 25)).toBe(25);
    expect(qrMinimum({ bankCode: 'FP', minAmount: 40 }, 25)).toBe(40);
    expect(qrMinimum({ bankCode: 'WW', minAmount: 100 }, 25)).toBe(100);
  });

  it('gives a bank QR (the first provider) the `first` list', () => {
    expect(qrQuickAmounts({ bankCode: 'BCEL' }, 10)).toEqual([10, 20, 50, 100, 500, 1000]);
    expect(qrQuickAmounts({ bankCode: 'PAYONEX' }, 10)).toEqual([100, 200, 300, 500, 1000]);
  });

  it('allows creation at the minimum and never at 0', () => {
    expect(canCreateQr(0, 0)).toBe(false);
    expect(canCreateQr(null, 0)).toBe(false);
    expect(canCreateQr(0.01, 0)).toBe(true);
    expect(canCreateQr(99.99, 100)).toBe(false);
    expect(canCreateQr(100, 100)).toBe(true);
  });

  it('shows a countdown as mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });

  it('encodes the markup into an image source, so no character of it can close the attribute', () => {
    expect(svgImageSource('<svg a="1">#</svg>')).toBe(
      'data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%221%22%3E%23%3C%2Fsvg%3E',
    );
  });
});

describe('bank-name rules', () => {
  const auto = [{ bankType: 'BANK' as const, mode: 'AUTO' as const }];

  it('asks only KTB, TMB and BBL members without an English name, and only with an automatic account', () => {
    expect(needsEnglishName(auto, { bankCode: 'KTB', bankAccountName: 'สมชาย' })).toBe(true);
    expect(needsEnglishName(auto, { bankCode: 'SCB', bankAccountName: 'สมชาย' })).toBe(false);
    expect(needsEnglishName(auto, { bankCode: 'BBL', bankAccountName: 'SOMCHAI JAIDEE' })).toBe(false);
    expect(needsEnglishName([{ bankType: 'BANK', mode: 'QR' }], { bankCode: 'TMB', bankAccountName: 'สมชาย' })).toBe(
      false,
    );
  });

  it('takes letters and spaces only, required', () => {
    expect(checkEnglishName('  somchai   jaidee ')).toBeNull();
    expect(checkEnglishName('')).toBe('validation.requiredEnglish');
    expect(checkEnglishName('   ')).toBe('validation.requiredEnglish');
    expect(checkEnglishName('SOMCHAI2')).toBe('validation.requiredEnglish');
    expect(checkEnglishName('สมชาย')).toBe('validation.requiredEnglish');
  });
});
