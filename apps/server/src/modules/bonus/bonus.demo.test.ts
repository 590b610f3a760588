import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../../../test/helpers.ts';
import { seedDemoBonuses } from './bonus.demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ DEMO: '1', TRANSFER_RECONCILE_INTERVAL_MS: '0' });
});
afterAll(() => t.close());

async function demoToken(): Promise<string> {
  const login = await t.api({
    method: 'POST',
    url: '/api/login',
    payload: { username: t.config.demoMember.phone, password: t.config.demoMember.password },
  });
  return login.json().token;
}

describe('demo bonuses', () => {
  it('lists one bonus of each type whose banner images are served, and a promotion code', async () => {
    const headers = bearer(await demoToken());
    const list = (await t.api({ method: 'GET', url: '/api/bonus', headers })).json() as {
      code: string;
      type: string;
      banners: { image: string }[];
    }[];
    expect(list.map((bonus) => [bonus.code, bonus.type])).toEqual([
      ['WELCOME', 'limit'],
      ['DAILY10', 'day'],
      ['WEEKLY50', 'week'],
    ]);
    for (const image of new Set(list.flatMap((bonus) => bonus.banners.map((banner) => banner.image)))) {
      const served = await t.app.inject({ method: 'GET', url: image });
      expect(served.statusCode, image).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
    const promotion = await t.api({ method: 'GET', url: '/api/promotion/find/welcome100', headers });
    expect(promotion.json()).toMatchObject({ code: 'WELCOME100', percentFail: 100 });
  });

  it("answers each banner's text in the reader's language", async () => {
    const headers = bearer(await demoToken());
    const htmlOf = async (language: string) => {
      const list = (
        await t.api({ method: 'GET', url: '/api/bonus', headers: { ...headers, 'accept-language': language } })
      ).json() as { code: string; banners: { html: string }[] }[];
      return list.find((bonus) => bonus.code === 'WEEKLY50')?.banners[0]?.html;
    };
    expect(await htmlOf('th')).toContain('สัปดาห์ละ 2 ครั้ง');
    expect(await htmlOf('lo')).toContain('ອາທິດລະ 2 ຄັ້ງ');
    expect(await htmlOf('en')).toContain('twice a week');
  });

  it("gives WELCOME on the demo member's opening deposit, and seeding again changes nothing", async () => {
    await seedDemoBonuses(t.app.bonuses, 'BAHT');
    const headers = bearer(await demoToken());
    const answer = await t.api({ method: 'GET', url: '/api/bonus/activate/WELCOME', headers });
    expect(answer.statusCode).toBe(200);
    const wallet = (await t.api({ method: 'GET', url: '/api/wallet', headers })).json();
    expect(wallet.wallet.amount).toBe(2000);
  });
});
