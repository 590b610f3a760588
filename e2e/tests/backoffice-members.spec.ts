import { expectNoAxeViolations } from '../a11y.ts';
import { newMember, signInOperator, operatorText as text } from '../backoffice.ts';
import { expect, test } from '../fixtures.ts';

/**
 * Members and manual adjustments end to end (issue 7): an admin signs in with TOTP, finds a fresh member by phone,
 * credits them above the approval amount (1,000 baht, migration 0017), so it waits; a finance operator, in
 * another browser session, approves it; the member's wallet then holds it.
 */

/** 1,500 baht: above the 1,000 baht a single operator may apply. */
const CREDIT_MAJOR = 1500;

test('an admin credits a member above the approval amount, a finance operator approves it, the wallet holds it', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const member = await newMember(base, 'adjust');
  expect(await member.wallet()).toBe(0);

  // The admin, in Thai: find the member by phone and open their page.
  await signInOperator(page, base, { role: 'admin', locale: 'th', path: '/members', name: 'adj' });
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
    await signInOperator(finance, base, { role: 'finance', locale: 'en', path: '/adjustments', name: 'adj' });
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
