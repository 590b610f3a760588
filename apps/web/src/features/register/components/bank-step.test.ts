import { describe, expect, it } from 'vitest';
import { bankOptions } from './bank-step.tsx';

const banks = [
  { code: 'SCB', nameTH: 'ธนาคารไทยพาณิชย์', nameEN: 'Siam Commercial Bank', nameLO: 'ທະນາຄານໄທພານິດ' },
  { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLO: 'ທະນາຄານກະສິກອນໄທ' },
];

describe('bank options', () => {
  it('name each bank in the reader’s language, recommended banks first', () => {
    expect(bankOptions(banks, 'lo', (name) => `${name} · ແນະນຳ`)).toEqual([
      { value: 'KBANK', label: 'ທະນາຄານກະສິກອນໄທ · ແນະນຳ' },
      { value: 'SCB', label: 'ທະນາຄານໄທພານິດ', labelIsData: true },
    ]);
    expect(bankOptions(banks, 'th', (name) => `${name} · แนะนำ`).map((option) => option.label)).toEqual([
      'ธนาคารกสิกรไทย · แนะนำ',
      'ธนาคารไทยพาณิชย์',
    ]);
    expect(bankOptions(banks, 'en', (name) => `${name} · Recommended`).map((option) => option.label)).toEqual([
      'Kasikornbank · Recommended',
      'Siam Commercial Bank',
    ]);
  });
});
