import { expectNoAxeViolations } from '../a11y.ts';
import {
  fundedMember,
  OPERATOR_LOCALES as LOCALES,
  type OperatorLocale,
  signInOperator,
  operatorText as text,
  withdrawalsWaitAbove100Baht,
} from '../backoffice.ts';
import { expect, type Page, test } from '../fixtures.ts';

/**
 * The back-office end to end (issue 7), in Thai and English: an operator made through the sandbox signs in with
 * a TOTP code in the browser, approves a member's withdrawal, which the sandbox payout party then pays (the
 * member's statement shows it SUCCESS), and rejects another with a reason (the money returns to the wallet).
 * Each language has its own fresh member and operator; the auto-approve amount is lowered for this file only.
 */
test.describe.configure({ mode: 'serial' });

/** A finance operator signs in with TOTP, the sign-in page checked for accessibility first. */
async function signIn(page: Page, base: string, locale: OperatorLocale) {
  await signInOperator(page, base, {
    role: 'finance',
    locale,
    path: '/withdrawals',
    name: 'withdrawals',
    onSignInPage: async () => {
      await expect(page.getByRole('heading', { name: text(locale, 'signIn.title') })).toBeVisible();
      await expectNoAxeViolations(page, `back-office sign-in (${locale})`);
    },
  });
  await expect(page.getByRole('heading', { name: text(locale, 'withdrawals.title') })).toBeVisible();
}

withdrawalsWaitAbove100Baht(test);

for (const locale of LOCALES) {
  test(`an operator signs in with TOTP, approves one withdrawal and rejects another (${locale})`, async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const member = await fundedMember(base, locale);
    const approved = await member.withdraw(300);
    const rejected = await member.withdraw(200);
    expect([approved.status, rejected.status]).toEqual(['IN_PROGRESS', 'IN_PROGRESS']);
    expect(await member.wallet()).toBe(500);

    await signIn(page, base, locale);
    const rows = page.getByTestId('withdrawal-row').filter({ hasText: member.phone });
    const approveRow = rows.filter({ hasText: '300.00 BAHT' });
    const rejectRow = rows.filter({ hasText: '200.00 BAHT' });
    await expect(approveRow).toContainText(text(locale, 'withdrawals.review.awaiting'));
    await expect(rejectRow).toBeVisible();
    await expectNoAxeViolations(page, `back-office withdrawals (${locale})`);

    // Approve, after the confirmation.
    await approveRow.getByRole('button', { name: text(locale, 'withdrawals.approve') }).click();
    const confirm = page.getByRole('dialog', { name: text(locale, 'withdrawals.approveTitle') });
    await expect(confirm).toContainText(member.name);
    await confirm.getByRole('button', { name: text(locale, 'withdrawals.approve'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: text(locale, 'withdrawals.approved') })).toBeVisible();
    await expect(approveRow).toHaveCount(0);

    // Reject, with a reason checked before it is sent.
    await rejectRow.getByRole('button', { name: text(locale, 'withdrawals.reject') }).click();
    const reject = page.getByRole('dialog', { name: text(locale, 'withdrawals.rejectTitle') });
    await expectNoAxeViolations(page, `back-office reject dialog (${locale})`);
    await reject.getByLabel(text(locale, 'withdrawals.rejectReason')).fill('no');
    await reject.getByRole('button', { name: text(locale, 'withdrawals.reject'), exact: true }).click();
    await expect(reject.getByText(text(locale, 'withdrawals.rejectReasonInvalid'))).toBeVisible();
    await reject.getByLabel(text(locale, 'withdrawals.rejectReason')).fill('Bank account name does not match');
    await reject.getByRole('button', { name: text(locale, 'withdrawals.reject'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: text(locale, 'withdrawals.rejected') })).toBeVisible();
    await expect(rejectRow).toHaveCount(0);

    // Both are on the rejected and approved lists, with who decided.
    await page.getByLabel(text(locale, 'withdrawals.filter')).selectOption('rejected');
    await expect(rejectRow).toContainText('Bank account name does not match');
    await page.getByLabel(text(locale, 'withdrawals.filter')).selectOption('approved');
    await expect(approveRow).toContainText(text(locale, 'withdrawals.review.approved'));

    // The member: the rejected 200 is back in the wallet, the approved 300 is paid by the sandbox payout party.
    await expect.poll(async () => await member.wallet(), { timeout: 10_000 }).toBe(700);
    await expect
      .poll(
        async () =>
          (await member.statement()).statements
            .filter((row) => row.statementType === 'withdraw')
            .map((row) => `${Math.abs(row.amount)} ${row.status}`)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual(['200 FAILED', '300 SUCCESS']);

    // Sign out: back to sign-in, the token gone.
    await page.getByRole('button', { name: text(locale, 'shell.signOut') }).click();
    await expect(page.getByRole('heading', { name: text(locale, 'signIn.title') })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('operatorToken'))).toBeNull();
  });
}
