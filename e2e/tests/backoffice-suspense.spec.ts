import { expectNoAxeViolations } from '../a11y.ts';
import { call, OPERATOR_LOCALES as LOCALES, newMember, signInOperator, operatorText as text } from '../backoffice.ts';
import { expect, test, uniqueMember } from '../fixtures.ts';

/**
 * Bank transfers in suspense end to end (issue 7), in Thai and English: a transfer from an account no member
 * registered arrives through the sandbox bank feed and the matcher parks it in suspense; a finance operator
 * signs in with TOTP, finds a fresh member by phone and assigns the transfer to them; the member's wallet
 * shows the money.
 */
test.describe.configure({ mode: 'serial' });

for (const [index, locale] of LOCALES.entries()) {
  test(`an operator assigns a transfer in suspense to a member, who sees it in the wallet (${locale})`, async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const member = await newMember(base, `suspense ${locale}`);
    expect(await member.wallet()).toBe(0);
    // From an account no member registered: the matcher (every 5 s) parks it in suspense.
    const sender = uniqueMember().accountNo;
    const amount = 321.5 + index;
    await call(base, 'POST', '/sandbox/bank/transfers', { fromBankCode: 'SCB', fromAccountNo: sender, amount });

    await signInOperator(page, base, { role: 'finance', locale, path: '/bank-transfers', name: 'suspense' });
    await expect(page.getByRole('heading', { name: text(locale, 'bankTransfers.title'), level: 1 })).toBeVisible();
    // The feed shows the sender masked, as a bank does (docs/deposits/masked-accounts.md): so does the list.
    const row = page.getByTestId('bank-transfer-row').filter({ hasText: `xxx-x-x${sender.slice(5, 9)}-x` });
    await expect(async () => {
      await page.reload();
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText(text(locale, 'bankTransfers.reasons.no_member'));
    await expectNoAxeViolations(page, `back-office bank transfers (${locale})`);

    const shown = `${amount.toFixed(2)} BAHT`;
    await row.getByRole('button', { name: `${text(locale, 'bankTransfers.assign')} ${shown}` }).click();
    const dialog = page.getByRole('dialog', { name: text(locale, 'bankTransfers.assignTitle') });
    await dialog.getByLabel(text(locale, 'bankTransfers.findMember')).fill(member.phone);
    await dialog.getByRole('button', { name: text(locale, 'bankTransfers.search') }).click();
    await dialog.getByRole('radio', { name: new RegExp(member.name) }).check();
    await dialog.getByRole('button', { name: text(locale, 'bankTransfers.assignTo', { name: member.name }) }).click();
    await expect(
      page.getByText(text(locale, 'bankTransfers.assigned', { amount: shown, name: member.name })),
    ).toBeVisible();
    await expect(row).toHaveCount(0);

    await expect.poll(() => member.wallet()).toBe(amount);
    // Settled: listed as assigned to the member, by this operator.
    await page
      .getByLabel(text(locale, 'bankTransfers.filter'))
      .selectOption(text(locale, 'bankTransfers.filters.settled'));
    await expect(row).toContainText(member.name);
  });
}
