import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('lookups', () => {
  it('lists Thai banks with the recommended ones first', async () => {
    const response = await t.api({ method: 'GET', url: '/api/lookup/banks' });
    expect(response.statusCode).toBe(200);
    const banks = response.json() as { code: string; nameTH: string; nameEN: string }[];
    expect(banks.slice(0, 2).map((bank) => bank.code)).toEqual(['KBANK', 'KTB']);
    expect(banks.map((bank) => bank.code)).toContain('TMB');
    expect(banks.map((bank) => bank.code)).not.toContain('BCEL');
    expect(banks[0]).toEqual({ code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank' });
  });
});
