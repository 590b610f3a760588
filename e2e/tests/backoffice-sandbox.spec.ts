import { expectNoAxeViolations } from '../a11y.ts';
import { call, OPERATOR_LOCALES as LOCALES, newMember, signInOperator, operatorText as text } from '../backoffice.ts';
import { expect, test } from '../fixtures.ts';

/**
 * The back-office's sandbox controls end to end (issue 7): a fresh member asks for a QR deposit, an admin signs
 * in with TOTP, pays it from the sandbox screen, the deposits list shows it credited and the member's balance
 * grows. Thai and English, each with its own member and operator.
 */
test.describe.configure({ mode: 'serial' });

/** A fresh member with a QR deposit of `amount` baht waiting at the sandbox KBANK gateway. */
async function memberWithQr(base: string, amount: number) {
  const member = await newMember(base, 'QR');
  const qr = await call<{ qrcodeId: string; hasQrcode: boolean }>(
    base,
    'POST',
    '/api/qrcode/KBANK',
    { amount },
    member.headers,
  );
  expect(qr.hasQrcode).toBe(true);
  return { ...member, qrcodeId: qr.qrcodeId };
}

for (const locale of LOCALES) {
  test(`an admin pays a member's QR from the sandbox screen and sees it credited (${locale})`, async ({
    page,
    baseURL,
  }) => {
    const base = baseURL ?? '';
    const member = await memberWithQr(base, 250);
    expect(await member.wallet()).toBe(0);

    await signInOperator(page, base, { role: 'admin', locale, path: '/sandbox', name: 'sbx' });
    await expect(page.getByRole('heading', { name: text(locale, 'sandbox.title') })).toBeVisible();
    // The screen's own banner, and the SANDBOX mark every screen shows while a party is the sandbox.
    await expect(page.getByText(text(locale, 'sandbox.banner'))).toBeVisible();
    await expect(page.getByRole('note', { name: text(locale, 'app.sandboxMark') })).toBeVisible();
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
    await expect.poll(async () => await member.wallet(), { timeout: 10_000 }).toBe(250);
  });
}
