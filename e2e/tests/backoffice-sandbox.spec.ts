import { totp } from '../../apps/server/src/lib/totp.ts';
import { expectNoAxeViolations } from '../a11y.ts';
import { call, OPERATOR_LOCALES as LOCALES, type OperatorLocale, operatorText as text } from '../backoffice.ts';
import { expect, type Page, test, uniqueMember } from '../fixtures.ts';

/**
 * The back-office's sandbox controls end to end (issue 7): a fresh member asks for a QR deposit, an admin signs
 * in with TOTP, pays it from the sandbox screen, the deposits list shows it credited and the member's balance
 * grows. Thai and English, each with its own member and operator.
 */
test.describe.configure({ mode: 'serial' });

const APP = { 'x-app-name': 'wallet-user', 'content-type': 'application/json' };

async function memberWithQr(base: string, amount: number) {
  const { phone, accountNo } = uniqueMember();
  const password = 'secret123';
  await call(
    base,
    'POST',
    '/api/account',
    {
      name: `E2E QR ${phone}`,
      username: phone,
      password,
      bankCode: 'KBANK',
      bankAccountName: 'qr member',
      bankAccountNo: accountNo,
    },
    APP,
  );
  const { token } = await call<{ token: string }>(base, 'POST', '/api/login', { username: phone, password }, APP);
  const member = { ...APP, authorization: `Bearer ${token}` };
  const qr = await call<{ qrcodeId: string; hasQrcode: boolean }>(
    base,
    'POST',
    '/api/qrcode/KBANK',
    { amount },
    member,
  );
  expect(qr.hasQrcode).toBe(true);
  const wallet = () => call<{ wallet: { amount: number } }>(base, 'GET', '/api/wallet', undefined, member);
  return { phone, qrcodeId: qr.qrcodeId, wallet };
}

async function signInAdmin(page: Page, base: string, locale: OperatorLocale) {
  const username = `e2e-sbx-${locale}-${process.pid}`;
  const password = 'a long e2e operator password';
  const { totpSecret } = await call<{ totpSecret: string }>(base, 'POST', '/sandbox/operators', {
    username,
    role: 'admin',
    password,
  });
  await page.addInitScript((chosen) => window.localStorage.setItem('operatorLocale', chosen), locale);
  await page.goto('/backoffice/sandbox');
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
  await page.getByLabel(text(locale, 'signIn.username')).fill(username);
  await page.getByLabel(text(locale, 'signIn.password')).fill(password);
  await page.getByLabel(text(locale, 'signIn.totp')).fill(totp(totpSecret, Date.now()));
  await page.getByRole('button', { name: text(locale, 'signIn.submit') }).click();
  await expect(page.getByRole('heading', { name: text(locale, 'sandbox.title') })).toBeVisible();
}

for (const locale of LOCALES) {
  test(`an admin pays a member's QR from the sandbox screen and sees it credited (${locale})`, async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const member = await memberWithQr(base, 250);
    expect((await member.wallet()).wallet.amount).toBe(0);

    await signInAdmin(page, base, locale);
    await expect(page.getByRole('note')).toContainText('SANDBOX');
    const row = page.getByTestId('awaiting-qr').filter({ hasText: member.phone });
    await expect(row).toContainText('250.00 BAHT');
    await expectNoAxeViolations(page, `back-office sandbox (${locale})`);
    await row.getByRole('button', { name: `${text(locale, 'sandbox.pay')} ${member.qrcodeId}` }).click();
    await expect(page.getByText(text(locale, 'sandbox.paid', { amount: '250.00 BAHT' }))).toBeVisible();
    // Paid, it leaves the QR codes awaiting payment.
    await expect(row).toHaveCount(0);

    // The deposits list, searched by the member's phone: the QR payment, credited with its ledger entry.
    await page.getByRole('link', { name: text(locale, 'nav.deposits') }).click();
    await page.getByLabel(text(locale, 'deposits.search')).fill(member.phone);
    await page.getByRole('button', { name: text(locale, 'list.apply') }).click();
    const deposit = page.getByTestId('deposit-row').filter({ hasText: member.qrcodeId });
    await expect(deposit).toContainText(text(locale, 'deposits.channels.qr'));
    await expect(deposit).toContainText('250.00 BAHT');
    await expect(deposit).toContainText(text(locale, 'deposits.states.paid'));
    await expect(deposit).toContainText(text(locale, 'deposits.entry', { id: '' }).trim());
    await expectNoAxeViolations(page, `back-office deposits (${locale})`);

    // The member's wallet holds the deposit.
    await expect.poll(async () => (await member.wallet()).wallet.amount, { timeout: 10_000 }).toBe(250);
  });
}
