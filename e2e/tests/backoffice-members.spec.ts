import { totp } from '../../apps/server/src/lib/totp.ts';
import { expectNoAxeViolations } from '../a11y.ts';
import { call, type OperatorLocale, operatorText as text } from '../backoffice.ts';
import { expect, type Page, test, uniqueMember } from '../fixtures.ts';

/**
 * Members and manual adjustments end to end (issue 7): an admin signs in with TOTP, finds a fresh member by phone,
 * credits them above the approval amount (1,000 baht, migration 0017), so it waits; a finance operator, in
 * another browser session, approves it; the member's wallet then holds it.
 */

const APP = { 'x-app-name': 'wallet-user', 'content-type': 'application/json' };
/** 1,500 baht: above the 1,000 baht a single operator may apply. */
const CREDIT_MAJOR = 1500;

async function newMember(base: string) {
  const { phone, accountNo } = uniqueMember();
  const name = `E2E adjust ${phone}`;
  const password = 'secret123';
  await call(
    base,
    'POST',
    '/api/account',
    { name, username: phone, password, bankCode: 'KBANK', bankAccountName: 'somchai jaidee', bankAccountNo: accountNo },
    APP,
  );
  const { token } = await call<{ token: string }>(base, 'POST', '/api/login', { username: phone, password }, APP);
  const member = { ...APP, authorization: `Bearer ${token}` };
  const wallet = async () =>
    (await call<{ wallet: { amount: number } }>(base, 'GET', '/api/wallet', undefined, member)).wallet.amount;
  return { phone, name, wallet };
}

/** An operator made through the sandbox signs in through the page, in `locale`, landing on `path`. */
async function signIn(page: Page, base: string, role: 'admin' | 'finance', locale: OperatorLocale, path: string) {
  const username = `e2e-adj-${role}-${process.pid}`;
  const password = 'a long e2e operator password';
  const { totpSecret } = await call<{ totpSecret: string }>(base, 'POST', '/sandbox/operators', {
    username,
    role,
    password,
  });
  await page.addInitScript((chosen) => window.localStorage.setItem('operatorLocale', chosen), locale);
  await page.goto(`/backoffice${path}`);
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
  await page.getByLabel(text(locale, 'signIn.username')).fill(username);
  await page.getByLabel(text(locale, 'signIn.password')).fill(password);
  await page.getByLabel(text(locale, 'signIn.totp')).fill(totp(totpSecret, Date.now()));
  await page.getByRole('button', { name: text(locale, 'signIn.submit') }).click();
  await expect(page.getByTestId('operator')).toContainText(username);
  return username;
}

test('an admin credits a member above the approval amount, a finance operator approves it, the wallet holds it', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const member = await newMember(base);
  expect(await member.wallet()).toBe(0);

  // The admin, in Thai: find the member by phone and open their page.
  await signIn(page, base, 'admin', 'th', '/members');
  await expect(page.getByRole('heading', { name: text('th', 'members.title') })).toBeVisible();
  await page.getByLabel(text('th', 'members.search'), { exact: true }).fill(member.phone);
  await page.getByRole('button', { name: text('th', 'members.searchSubmit') }).click();
  const row = page.getByTestId('member-row').filter({ hasText: member.phone });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expectNoAxeViolations(page, 'back-office members (th)');
  await row.getByRole('link', { name: member.name }).click();
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  await expect(page.getByTestId('member-wallet')).toContainText('0.00 BAHT');

  // A credit of 1,500 baht waits for a second operator.
  await page.getByLabel(text('th', 'member.adjustAmount', { currency: 'BAHT' })).fill(String(CREDIT_MAJOR));
  const form = page.getByRole('region', { name: text('th', 'member.adjustTitle') });
  await form.getByLabel(text('th', 'member.reason')).fill('Deposit lost by the bank, confirmed by phone');
  await expectNoAxeViolations(page, 'back-office member page (th)');
  await form.getByRole('button', { name: text('th', 'member.adjustSubmit') }).click();
  // The submit button's spinner is a status too while the request runs: find the result line by its text.
  await expect(
    form.getByRole('status').filter({ hasText: text('th', 'member.adjustAwaiting', { amount: '1,500.00 BAHT' }) }),
  ).toBeVisible();
  expect(await member.wallet()).toBe(0);

  // The admin's own request offers no approval to them.
  await page.goto('/backoffice/adjustments');
  const own = page.getByTestId('adjustment-row').filter({ hasText: member.phone });
  await expect(own).toContainText(text('th', 'adjustments.ownRequest'));
  await expect(own.getByRole('button')).toHaveCount(0);

  // A finance operator, in English and in a session of their own, approves it.
  const financeContext = await browser.newContext();
  try {
    const finance = await financeContext.newPage();
    await signIn(finance, base, 'finance', 'en', '/adjustments');
    await expect(finance.getByRole('heading', { name: text('en', 'adjustments.title') })).toBeVisible();
    const waiting = finance.getByTestId('adjustment-row').filter({ hasText: member.phone });
    await expect(waiting).toContainText('1,500.00 BAHT');
    await expectNoAxeViolations(finance, 'back-office adjustments (en)');
    await waiting.getByRole('button', { name: text('en', 'adjustments.approve') }).click();
    const confirm = finance.getByRole('dialog', { name: text('en', 'adjustments.approveTitle') });
    await expect(confirm).toContainText(member.name);
    await confirm.getByRole('button', { name: text('en', 'adjustments.approve'), exact: true }).click();
    await expect(finance.getByRole('status').filter({ hasText: text('en', 'adjustments.approved') })).toBeVisible();
    await expect(waiting).toHaveCount(0);
  } finally {
    await financeContext.close();
  }

  // The member's wallet holds it, and so does the member's page in the back-office.
  await expect.poll(() => member.wallet()).toBe(CREDIT_MAJOR);
  await page.goBack();
  await expect(page.getByTestId('member-wallet')).toContainText('1,500.00 BAHT');
});
