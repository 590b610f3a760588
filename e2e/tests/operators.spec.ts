import { expectNoAxeViolations } from '../a11y.ts';
import { totp } from '../authenticator.ts';
import {
  fundedMember,
  type OperatorLocale,
  signInOperator,
  operatorText as text,
  withdrawalsWaitAbove100Baht,
} from '../backoffice.ts';
import { expect, type Page, test } from '../fixtures.ts';

/**
 * Operator accounts end to end (issue 24), in Thai: an admin creates a finance operator on the operators screen
 * and reads the one-time enrolment link; a second admin grants the finance role on the pending changes screen
 * (issue 39, finding 1); the new operator, in a browser of their own, opens it, adds the
 * authenticator, sets a password, signs in with a TOTP code and approves a member's withdrawal; the admin disables
 * them, and their open page, left alone, is sent to sign-in. The screens' English is held by the back-office's
 * unit tests and the catalogues' check: a second language here would cost the browser stage 20 s for the same flow.
 */
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'finance enrols from a link';

withdrawalsWaitAbove100Baht(test);

/** The admin creates the operator on the operators screen; the link the dialog shows once. */
async function createFinanceOperator(page: Page, locale: OperatorLocale, username: string): Promise<string> {
  await page.getByRole('button', { name: text(locale, 'operators.new') }).click();
  const form = page.getByRole('dialog', { name: text(locale, 'operators.createTitle') });
  await form.getByLabel(text(locale, 'operators.username')).fill(username);
  await form.getByLabel(text(locale, 'operators.role')).selectOption('finance');
  await form.getByLabel(text(locale, 'operators.displayNameOptional')).fill('Noi');
  await form.getByRole('button', { name: text(locale, 'operators.create') }).click();
  const shown = page.getByRole('dialog', { name: text(locale, 'operators.linkTitle', { username }) });
  const link = await shown.getByLabel(text(locale, 'operators.linkLabel')).inputValue();
  expect(link).toMatch(/\/backoffice\/enrol#[A-Za-z0-9_-]{43}$/);
  await expectNoAxeViolations(page, `enrolment link dialog (${locale})`);
  await shown.getByRole('button', { name: text(locale, 'common.close') }).click();
  const row = page.getByTestId('operator-row').filter({ hasText: username });
  await expect(row).toContainText(text(locale, 'operators.states.enrolling'));
  return link;
}

/** The new operator follows the link: authenticator, password, first code; answers their secret. */
async function enrol(page: Page, locale: OperatorLocale, link: string): Promise<string> {
  await page.addInitScript((chosen) => window.localStorage.setItem('operatorLocale', chosen), locale);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: text(locale, 'enrol.title') })).toBeVisible();
  // The token leaves the address bar at once.
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
  const secret = ((await page.getByTestId('enrolment-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoAxeViolations(page, `enrolment page (${locale})`);
  await page.getByLabel(text(locale, 'enrol.password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(text(locale, 'enrol.repeat')).fill(PASSWORD);
  await page.getByLabel(text(locale, 'enrol.totp')).fill(totp(secret, Date.now()));
  await page.getByRole('button', { name: text(locale, 'enrol.submit') }).click();
  await expect(page.getByRole('heading', { name: text(locale, 'enrol.doneTitle') })).toBeVisible();
  return secret;
}

for (const locale of ['th'] as const) {
  test(`an admin creates a finance operator who enrols, approves a withdrawal, and is disabled (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    // A member with 1,000 baht who asks to withdraw 300: above the auto-approve amount, it waits for an operator.
    const member = await fundedMember(base, `ops-${locale}`);
    expect((await member.withdraw(300)).status).toBe('IN_PROGRESS');
    await signInOperator(page, base, { role: 'admin', locale, path: '/operators', name: 'operators-admin' });
    await expect(page.getByRole('heading', { name: text(locale, 'operators.title') })).toBeVisible();
    await expectNoAxeViolations(page, `operators screen (${locale})`);
    const username = `e2e-fin-${locale}-${process.pid}`;
    const link = await createFinanceOperator(page, locale, username);

    // Finance approves money: a second admin grants it on the pending changes screen (docs/backoffice/four-eyes.md).
    const created = page.getByTestId('operator-row').filter({ hasText: username });
    await expect(created.getByTestId('pending-role')).toBeVisible();
    const secondContext = await browser.newContext({ baseURL: base });
    const second = await secondContext.newPage();
    await signInOperator(second, base, { role: 'admin', locale, path: '/pending-changes', name: 'operators-second' });
    const grant = second.getByTestId('pending-change-row').filter({ hasText: username });
    await grant.getByRole('button', { name: new RegExp(`^${text(locale, 'pendingChanges.approve')} `) }).click();
    const approve = second.getByRole('dialog', { name: text(locale, 'pendingChanges.approveTitle') });
    await expectNoAxeViolations(second, `pending change approval (${locale})`);
    await approve.getByRole('button', { name: text(locale, 'pendingChanges.approve'), exact: true }).click();
    await expect(second.getByRole('status').filter({ hasText: text(locale, 'pendingChanges.approved') })).toBeVisible();
    await secondContext.close();

    // The new operator's own browser; its clock runs on, and can be moved on for the idle page below.
    const context = await browser.newContext({ baseURL: base });
    const finance = await context.newPage();
    await finance.clock.install();
    const secret = await enrol(finance, locale, link);
    await finance.getByRole('link', { name: text(locale, 'enrol.toSignIn') }).click();
    await finance.getByLabel(text(locale, 'signIn.username')).fill(username);
    await finance.getByLabel(text(locale, 'signIn.password')).fill(PASSWORD);
    // The enrolment used the current code; the authenticator's next one signs in.
    await finance.getByLabel(text(locale, 'signIn.totp')).fill(totp(secret, Date.now() + 30_000));
    await finance.getByRole('button', { name: text(locale, 'signIn.submit') }).click();
    await expect(finance.getByTestId('operator')).toContainText(text(locale, 'shell.role.finance'));

    await finance.getByRole('link', { name: text(locale, 'nav.withdrawals'), exact: true }).click();
    const row = finance.getByTestId('withdrawal-row').filter({ hasText: member.phone });
    await row.getByRole('button', { name: text(locale, 'withdrawals.approve') }).click();
    const confirm = finance.getByRole('dialog', { name: text(locale, 'withdrawals.approveTitle') });
    await confirm.getByRole('button', { name: text(locale, 'withdrawals.approve'), exact: true }).click();
    await expect(finance.getByRole('status').filter({ hasText: text(locale, 'withdrawals.approved') })).toBeVisible();
    await expect(row).toHaveCount(0);

    // The admin sees them active, then disables them.
    await page.reload();
    const listed = page.getByTestId('operator-row').filter({ hasText: username });
    await expect(listed).toContainText(text(locale, 'operators.states.active'));
    await listed.getByRole('button', { name: `${text(locale, 'operators.disable')} ${username}` }).click();
    const disable = page.getByRole('dialog', { name: text(locale, 'operators.disableTitle', { username }) });
    await disable.getByRole('button', { name: text(locale, 'operators.disable'), exact: true }).click();
    await expect(listed).toContainText(text(locale, 'operators.states.disabled'));

    // Their page, left alone, asks again within a minute and goes to sign-in, its token gone.
    await finance.clock.fastForward('01:05');
    await expect(finance.getByRole('heading', { name: text(locale, 'signIn.title') })).toBeVisible();
    expect(await finance.evaluate(() => sessionStorage.getItem('operatorToken'))).toBeNull();
    await context.close();
  });
}
