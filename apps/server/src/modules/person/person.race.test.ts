import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAccountNo, nextAddress, registration, startTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * Two registrations of one person at the same instant (docs/accounts.md, One person behind the accounts): the
 * person's locks make them take turns, so they make one member and the other answers the existing-account refusal.
 * Run on PGlite and, with DATABASE_URL, on PostgreSQL, where the requests really run at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

function register(fields: Record<string, unknown>) {
  return t.api({ method: 'POST', url: '/api/account', payload: registration(fields), remoteAddress: nextAddress() });
}

async function membersNamed(key: string): Promise<number> {
  const rows = await t.app.db.selectFrom('members').select('id').where('holder_name_key', '=', key).execute();
  return rows.length;
}

describe('two registrations of one person at once', () => {
  it('make one member: the same name and the same number at two banks, new phones', async () => {
    for (let round = 0; round < 5; round++) {
      const number = nextAccountNo();
      const name = `PRANEE RACE${'ABCDE'[round]}`;
      const answers = await Promise.all([
        register({ bankCode: 'KBANK', bankAccountName: `MRS ${name}`, bankAccountNo: number }),
        register({ bankCode: 'SCB', bankAccountName: name, bankAccountNo: number }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join()).toEqual([
        200, 409,
      ]);
      expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ message: 'EXISTING_BANK' });
      expect(await membersNamed(name)).toBe(1);
    }
  });

  it('see each other when the name is spelt otherwise and the numbers differ: one possible match, each time', async () => {
    // Their name keys differ, so a lock on the whole key let both screen at once, each blind to the other.
    for (const first of ['SUDARAT', 'WANNAPA', 'KANOKPORN', 'PHATCHARIN', 'THANYALAK']) {
      const names = [`${first} KONGKAEW`, `${first} KONGKAEO`];
      const answers = await Promise.all([
        register({ bankCode: 'KBANK', bankAccountName: names[0] }),
        register({ bankCode: 'SCB', bankAccountName: names[1] }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const matches = await t.app.db
        .selectFrom('person_matches')
        .innerJoin('members', 'members.id', 'person_matches.member_id')
        .select(['person_matches.status', 'person_matches.signals'])
        .where('members.holder_name_key', 'in', names)
        .execute();
      expect(matches, first).toEqual([{ status: 'open', signals: ['name'] }]);
    }
  });

  it('make two members waiting for review when only the name is shared', async () => {
    const answers = await Promise.all([
      register({ bankCode: 'KBANK', bankAccountName: 'WICHAI NAMESAKE' }),
      register({ bankCode: 'SCB', bankAccountName: 'MR WICHAI NAMESAKE' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const matches = await t.app.db
      .selectFrom('person_matches')
      .innerJoin('members', 'members.id', 'person_matches.member_id')
      .select(['person_matches.status', 'person_matches.signals'])
      .where('members.holder_name_key', '=', 'WICHAI NAMESAKE')
      .execute();
    expect(matches).toEqual([{ status: 'open', signals: ['name'] }]);
  });
});
