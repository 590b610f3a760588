import { ERROR_CODES, INVALID_TOKEN, SLIP_REASON_MESSAGE } from '@member-wallet/contract/error-codes';
import { FIELD_LIMITS } from '@member-wallet/contract/field-limits';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import lo from './lo.json';
import memberEn from './member/en.json';
import memberLo from './member/lo.json';
import memberTh from './member/th.json';
import th from './th.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out[`${prefix}${key}`] = value;
    else Object.assign(out, flatten(value, `${prefix}${key}.`));
  }
  return out;
}

/** Each locale's public and member parts together: the texts a member page can show. */
const parts = { th: [th, memberTh], lo: [lo, memberLo], en: [en, memberEn] } as const;
const catalogues = {
  th: { ...flatten(th), ...flatten(memberTh) },
  lo: { ...flatten(lo), ...flatten(memberLo) },
  en: { ...flatten(en), ...flatten(memberEn) },
};

describe.each(Object.entries(parts))('the %s parts', (_locale, [publicPart, memberPart]) => {
  it('share no section, so a key lives in exactly one of them', () => {
    expect(Object.keys(publicPart).filter((section) => section in memberPart)).toEqual([]);
  });

  it('keep every error code in the public part, which every page loads', () => {
    expect(Object.keys(memberPart)).not.toContain('errors');
    expect(Object.keys(publicPart)).toContain('errors');
  });
});

const CANNOT_VERIFY = [
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
];

describe.each(Object.entries(catalogues))('the %s catalogue', (_locale, catalogue) => {
  it('has exactly the keys of the English catalogue', () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(catalogues.en).sort());
  });

  it('has no empty text', () => {
    expect(Object.entries(catalogue).filter(([, text]) => text.trim() === '')).toEqual([]);
  });

  it('translates every error code and invalid-token', () => {
    for (const code of [...ERROR_CODES, INVALID_TOKEN]) expect(catalogue[`errors.${code}`], code).toBeTruthy();
  });

  it("states the contract's least password length in PASSWORD_TOO_SHORT", () => {
    expect(catalogue['errors.PASSWORD_TOO_SHORT']).toContain(String(FIELD_LIMITS.passwordMin));
  });

  it('translates every slip reason', () => {
    for (const reason of new Set(Object.values(SLIP_REASON_MESSAGE))) {
      expect(catalogue[`slipReason.${reason}`], reason).toBeTruthy();
    }
  });

  it('reads "cannot verify identity" for the codes that send the member back to login', () => {
    for (const code of CANNOT_VERIFY) expect(catalogue[`errors.${code}`]).toBe(catalogue['auth.cannotVerifyIdentity']);
    const others = ERROR_CODES.filter((code) => !CANNOT_VERIFY.includes(code));
    for (const code of others) expect(catalogue[`errors.${code}`]).not.toBe(catalogue['auth.cannotVerifyIdentity']);
  });

  it('keeps interpolation placeholders of the English text', () => {
    for (const [key, text] of Object.entries(catalogues.en)) {
      const placeholders = text.match(/\{\{\w+\}\}/g) ?? [];
      for (const placeholder of placeholders) expect(catalogue[key], key).toContain(placeholder);
    }
  });
});

describe('texts the spec quotes', () => {
  it('carries the English validation messages of spec section 5', () => {
    expect(catalogues.en['validation.phone10Digits']).toBe('The phone number must support 10 digits');
    expect(catalogues.en['validation.passwordsDontMatch']).toBe("Passwords don't match");
    expect(catalogues.en['validation.bankNameEnglishOnly']).toBe('Bank account name must be in English only');
    expect(catalogues.en['validation.requiredEnglish']).toBe('required English language');
    expect(catalogues.en['validation.selectAccount']).toBe('select account');
    expect(catalogues.en['validation.cannotTransfer']).toBe('can not transfer');
    expect(catalogues.en['validation.fileTooLarge']).toBe(
      'The file is too large. Please select file no larger than {{size}} MB',
    );
    expect(catalogues.en['validation.fileNotSupported']).toBe('File is not supported');
    expect(catalogues.en['notFound.title']).toBe('Page Not Found');
  });
});
