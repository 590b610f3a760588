import type { BackofficeBonus, BonusPage } from '@member-wallet/contract/backoffice/promotions';
import { expectNoAxeViolations } from '../a11y.ts';
import { call, signInOperator, operatorText as text } from '../backoffice.ts';
import { DEMO, expect, test } from '../fixtures.ts';

/**
 * The back-office's promotions end to end (issue 7): an admin made through the sandbox signs in with TOTP,
 * creates a bonus in the promotions screen, which waits for a second admin (docs/backoffice/four-eyes.md, Reward
 * terms): another admin approves it on the pending changes screen, in a browser of their own. The first renames it
 * (texts apply at once), and the member's bonus list (GET /api/bonus, in the member's language) shows the new name.
 * The bonus is retired afterwards, whatever happens: the other spec files of the worker share this server.
 */
test.describe.configure({ mode: 'serial' });

/** The demo member's bonus grid in English, through the member API. */
async function memberBonuses(base: string): Promise<{ code: string; name: string; description: string }[]> {
  const headers = { 'x-app-name': 'wallet-user', 'accept-language': 'en' };
  const { token } = await call<{ token: string }>(
    base,
    'POST',
    '/api/login',
    {
      username: DEMO.phone,
      password: DEMO.password,
    },
    headers,
  );
  return call(base, 'GET', '/api/bonus', undefined, { ...headers, authorization: `Bearer ${token}` });
}

test('an admin creates a bonus, a second admin approves it, it is renamed, and the member sees the new name', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const { token } = await signInOperator(page, base, {
    role: 'admin',
    locale: 'en',
    path: '/promotions',
    name: 'promos',
  });
  await expect(page.getByRole('heading', { name: text('en', 'promotions.title'), level: 1 })).toBeVisible();
  const operator = { authorization: `Bearer ${token}` };
  const code = `E2E_${process.pid}_${Date.now() % 100_000}`;
  const form = page.getByRole('form', { name: text('en', 'promotions.bonus.form') });
  try {
    await expectNoAxeViolations(page, 'back-office promotions');
    await page.getByRole('button', { name: text('en', 'promotions.bonus.new') }).click();
    await expectNoAxeViolations(page, 'back-office bonus form');
    await form.getByLabel(text('en', 'promotions.form.code'), { exact: true }).fill(code.toLowerCase());
    await form.getByLabel(text('en', 'promotions.form.amount')).fill('25');
    await form.getByLabel(text('en', 'promotions.form.name'), { exact: true }).fill('โบนัสทดสอบ');
    await form.getByRole('tab', { name: text('en', 'settings.locale.en') }).click();
    await form.getByLabel(text('en', 'promotions.form.name'), { exact: true }).fill('E2E bonus');
    await form
      .getByLabel(text('en', 'promotions.form.description'), { exact: true })
      .fill('Made by the end-to-end test');
    await form.getByRole('button', { name: text('en', 'promotions.save') }).click();
    await expect(page.getByTestId(`bonus-${code}`)).toBeVisible();
    // Stored inactive; its activation waits for a second admin.
    await expect(page.getByTestId('bonus-waiting')).toContainText(code);
    expect((await memberBonuses(base)).find((bonus) => bonus.code === code)).toBeUndefined();
    const secondContext = await browser.newContext({ baseURL: base });
    const second = await secondContext.newPage();
    await signInOperator(second, base, {
      role: 'admin',
      locale: 'en',
      path: '/pending-changes',
      name: 'promos-second',
    });
    const subject = text('en', 'pendingChanges.kind.bonus', { code });
    const row = second.getByTestId('pending-change-row').filter({ hasText: subject });
    await row.getByRole('button', { name: `${text('en', 'pendingChanges.approve')} ${subject}` }).click();
    const approve = second.getByRole('dialog', { name: text('en', 'pendingChanges.approveTitle') });
    await expectNoAxeViolations(second, 'pending bonus approval');
    await approve.getByRole('button', { name: text('en', 'pendingChanges.approve'), exact: true }).click();
    await expect(second.getByRole('status').filter({ hasText: text('en', 'pendingChanges.approved') })).toBeVisible();
    await secondContext.close();
    // The list read again: the form edits the definition as it now is, active.
    await page.reload();
    await expect(page.getByTestId(`bonus-${code}`)).toContainText(text('en', 'promotions.active'));
    expect((await memberBonuses(base)).find((bonus) => bonus.code === code)).toMatchObject({
      name: 'E2E bonus',
      description: 'Made by the end-to-end test',
    });

    await page.getByRole('button', { name: text('en', 'promotions.editNamed', { code }) }).click();
    await expect(form.getByLabel(text('en', 'promotions.form.amount'))).toHaveValue('25.00');
    await form.getByRole('tab', { name: text('en', 'settings.locale.en') }).click();
    await form.getByLabel(text('en', 'promotions.form.name'), { exact: true }).fill('E2E bonus renamed');
    await form.getByRole('button', { name: text('en', 'promotions.save') }).click();
    await expect(page.getByTestId(`bonus-${code}`)).toBeVisible();
    await expect
      .poll(async () => (await memberBonuses(base)).find((bonus) => bonus.code === code)?.name)
      .toBe('E2E bonus renamed');
  } finally {
    const { bonuses } = await call<BonusPage>(base, 'GET', '/backoffice/api/bonuses?limit=100', undefined, operator);
    const created = bonuses.find((bonus: BackofficeBonus) => bonus.code === code);
    // Retiring applies at once; one never approved is inactive already (and its waiting change refuses another).
    if (created?.active) {
      const { code: _code, kind: _kind, createdAt: _at, received: _received, ...terms } = created;
      await call(base, 'PUT', `/backoffice/api/bonuses/${code}`, { ...terms, active: false }, operator);
    }
  }
});
