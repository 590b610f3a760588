import { totp } from '../../apps/server/src/lib/totp.ts';
import { expectNoAxeViolations } from '../a11y.ts';
import { call, OPERATOR_LOCALES as LOCALES, type OperatorLocale, operatorText as text } from '../backoffice.ts';
import { expect, type Page, test, uniqueMember } from '../fixtures.ts';

/**
 * Bank transfers in suspense end to end (issue 7), in Thai and English: a transfer from an account no member
 * registered arrives through the sandbox bank feed and the matcher parks it in suspense; a finance operator
 * signs in with TOTP, finds a fresh member by phone and assigns the transfer to them; the member's wallet
 * shows the money.
 */
test.describe.configure({ mode: 'serial' });

const APP = { 'x-app-name': 'wallet-user', 'content-type': 'application/json' };

/** A fresh member registered and logged in through the API; their wallet as they read it. */
async function freshMember(base: string, locale: OperatorLocale) {
  const { phone, accountNo } = uniqueMember();
  const name = `E2E suspense ${locale} ${phone}`;
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

async function signIn(page: Page, base: string, locale: OperatorLocale) {
  const username = `e2e-suspense-${locale}-${process.pid}`;
  const password = 'a long e2e operator password';
  const { totpSecret } = await call<{ totpSecret: string }>(base, 'POST', '/sandbox/operators', {
    username,
    role: 'finance',
    password,
  });
  await page.addInitScript((chosen) => window.localStorage.setItem('operatorLocale', chosen), locale);
  await page.goto('/backoffice/bank-transfers');
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
  await page.getByLabel(text(locale, 'signIn.username')).fill(username);
  await page.getByLabel(text(locale, 'signIn.password')).fill(password);
  await page.getByLabel(text(locale, 'signIn.totp')).fill(totp(totpSecret, Date.now()));
  await page.getByRole('button', { name: text(locale, 'signIn.submit') }).click();
  await expect(page.getByRole('heading', { name: text(locale, 'bankTransfers.title'), level: 1 })).toBeVisible();
}

for (const [index, locale] of LOCALES.entries()) {
  test(`an operator assigns a transfer in suspense to a member, who sees it in the wallet (${locale})`, async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const member = await freshMember(base, locale);
    expect(await member.wallet()).toBe(0);
    // From an account no member registered: the matcher (every 5 s) parks it in suspense.
    const sender = uniqueMember().accountNo;
    const amount = 321.5 + index;
    await call(base, 'POST', '/sandbox/bank/transfers', { fromBankCode: 'SCB', fromAccountNo: sender, amount });

    await signIn(page, base, locale);
    const row = page.getByTestId('bank-transfer-row').filter({ hasText: sender });
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
