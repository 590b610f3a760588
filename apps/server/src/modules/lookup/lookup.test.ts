import { HOWTO_VIDEOS } from '@member-wallet/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let laos: TestApp;
beforeAll(async () => {
  [t, laos] = await Promise.all([startTestApp(), startTestApp({ COUNTRY: 'LA' })]);
});
afterAll(() => Promise.all([t.close(), laos.close()]));

const get = (app: TestApp, name: string, language?: string) =>
  app.api({ method: 'GET', url: `/api/lookup/${name}`, headers: language ? { 'accept-language': language } : {} });

describe('lookups', () => {
  it('lists Thai banks in the Thai build, the recommended ones first', async () => {
    const response = await get(t, 'banks');
    expect(response.statusCode).toBe(200);
    const banks = response.json() as { code: string }[];
    expect(banks.slice(0, 2).map((bank) => bank.code)).toEqual(['KBANK', 'KTB']);
    const codes = banks.map((bank) => bank.code);
    for (const code of [
      'SCB',
      'BBL',
      'TMB',
      'BAY',
      'GSB',
      'BAAC',
      'CIMB',
      'UOB',
      'KKP',
      'LHB',
      'TISCO',
      'GHB',
      'ICBC',
    ]) {
      expect(codes).toContain(code);
    }
    expect(codes).not.toContain('BCEL');
    expect(banks[0]).toEqual({
      code: 'KBANK',
      nameTH: 'ธนาคารกสิกรไทย',
      nameEN: 'Kasikornbank',
      nameLO: 'ທະນາຄານກະສິກອນໄທ',
    });
  });

  it('lists Lao banks first, then Thai banks, in the Laos build', async () => {
    const codes = ((await get(laos, 'banks')).json() as { code: string }[]).map((bank) => bank.code);
    expect(codes[0]).toBe('BCEL');
    expect(codes).toContain('KBANK');
    expect(codes.indexOf('STB')).toBeLessThan(codes.indexOf('KBANK'));
  });

  it('localizes sources by Accept-Language, Thai by default', async () => {
    const description = async (language?: string) =>
      ((await get(t, 'sources', language)).json() as { code: string; description: string }[]).find(
        (source) => source.code === 'friend',
      )?.description;
    expect(await description()).toBe('เพื่อนแนะนำ');
    expect(await description('en-US,en;q=0.9')).toBe('A friend');
    expect(await description('lo')).toBe('ໝູ່ແນະນຳ');
    expect(await description('fr, en;q=0.5')).toBe('A friend');
    expect(await description('fr')).toBe('เพื่อนแนะนำ');
    const codes = ((await get(t, 'sources')).json() as { code: string }[]).map((source) => source.code);
    expect(codes).toEqual(['facebook', 'google', 'line', 'tiktok', 'friend', 'other']);
  });

  it('defaults to Lao in the Laos build', async () => {
    const conditions = (await get(laos, 'conditions')).json() as string[];
    expect(conditions[0]).toContain('ສະມາຊິກ');
  });

  it('serves conditions, agreements, info and notice in three languages', async () => {
    for (const language of ['th', 'lo', 'en']) {
      const conditions = (await get(t, 'conditions', language)).json() as string[];
      expect(conditions.length).toBeGreaterThanOrEqual(3);
      expect(conditions.length).toBeLessThanOrEqual(5);
      const agreements = (await get(t, 'agreements', language)).json() as string[];
      expect(agreements.length).toBeGreaterThan(0);
      expect((await get(t, 'notice', language)).json().notice).toContain('%percentFail%');
      // The test apps run their parties at the sandbox: the info answer says so (test/sandbox-label.test.ts).
      expect((await get(t, 'info', language)).json()).toEqual({
        name: 'Member Wallet',
        website: expect.stringMatching(/^https:\/\//),
        sandbox: true,
      });
    }
    expect(((await get(t, 'conditions', 'en')).json() as string[])[0]).toBe('<p>One bank account per member.</p>');
  });

  it('serves the contact with a QR code of the LINE link', async () => {
    const contact = (await get(t, 'contact', 'en')).json();
    expect(contact).toMatchObject({ lineLink: 'https://line.me/R/ti/p/@memberwallet', lineName: '@memberwallet' });
    expect(contact.contactText).toMatch(/LINE/);
    expect(contact.lineQR).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(contact.lineQR.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain('<path');
  });

  it('serves the flags, the how-to videos and the currencies', async () => {
    expect((await get(t, 'active')).json()).toEqual({ active: true });
    expect((await get(t, 'registerOTP')).json()).toEqual({ registerOTP: false });
    expect((await get(t, 'enableChatWidget')).json()).toEqual({ enableChatWidget: false });
    const howto = (await get(t, 'howto')).json() as { key: string; url: string; demo: boolean }[];
    expect(howto.map((item) => item.key)).toEqual([...HOWTO_VIDEOS]);
    expect(howto[0]).toEqual({ key: 'wallet', url: '/media/howto/wallet.mp4', demo: true });
    expect((await get(t, 'currencies')).json()).toEqual([]);
    expect((await get(laos, 'currencies')).json()).toEqual(['LAK', 'BAHT']);
  });

  it('answers NO_DATA for an unknown lookup', async () => {
    const response = await get(t, 'nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'NO_DATA' });
  });
});
