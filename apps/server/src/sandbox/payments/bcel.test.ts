import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerAndLogin, startTestApp, type TestApp } from '../../../test/helpers.ts';

/** The sandbox BCEL gateway behind a kip member's QR, through the API (docs/parties/payments.md, BCEL). */

let laos: TestApp;
let token: string;
beforeAll(async () => {
  laos = await startTestApp({ COUNTRY: 'LA', QR_SETTLE_INTERVAL_MS: '0', MONEY_RATE_PER_MINUTE: '1000' });
  ({ token } = await registerAndLogin(laos, { bankCode: 'BCEL', currency: 'LAK', username: '02055512345' }));
});
afterAll(() => laos.close());

function create(amount: number) {
  return laos.api({ method: 'POST', url: '/api/qrcode/BCEL', payload: { amount }, headers: bearer(token) });
}

describe('the sandbox BCEL gateway', () => {
  it("answers a kip member's QR in the LAO QR layout: BCEL's IIN, the sandbox merchant, whole kip, the bill", async () => {
    const created = await create(75_000);
    expect(created.json()).toMatchObject({ hasQrcode: true, message: 'SUCCESS' });
    const row = await laos.app.sandboxDb
      .selectFrom('sandbox_payment_qrcodes')
      .select(['payload', 'gateway_reference'])
      .where('qrcode_id', '=', created.json().qrcodeId)
      .executeTakeFirstOrThrow();
    const qr = parse(row.payload, true, true);
    expect(qr?.getTagValue('38', '00')).toBe('A005266284662577');
    expect(qr?.getTagValue('38', '01')).toBe('27710418');
    expect(qr?.getTagValue('38', '03')).toBe('SANDBOXMERCHANT');
    expect(qr?.getTagValue('53')).toBe('418');
    expect(qr?.getTagValue('54')).toBe('75000');
    expect(qr?.getTagValue('58')).toBe('LA');
    expect(qr?.getTagValue('59')).toMatch(/SANDBOX/);
    expect(qr?.getTagValue('62', '01')).toBe(row.gateway_reference);
  });

  it('refuses a fraction of a kip, which a LAO QR cannot carry: QR_FAIL, nothing live', async () => {
    const refused = await create(100.5);
    expect(refused.json()).toMatchObject({ hasQrcode: false, message: 'QR_FAIL' });
    const live = await laos.api({ method: 'GET', url: '/api/qrcode/BCEL', headers: bearer(token) });
    expect(live.json()).toMatchObject({ hasQrcode: true, amount: 75_000 });
  });
});
