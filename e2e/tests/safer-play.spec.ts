import { expectAccessible } from '../a11y.ts';
import { expect, LOCALES, type Locale, type Page, test, text, uniqueMember } from '../fixtures.ts';

/**
 * Safer play (issue 23, docs/safer-play.md) in the member app, in every language: a deposit limit set on the Safer
 * play screen refuses a QR deposit above it, and a 24-hour time-out ends the session, turns the next sign-in into
 * the blocked notice and leads to the limited page. Axe checks each new screen on the way. Every test has a fresh
 * member of its own (a time-out cannot be lifted, and a limit would refuse other specs' deposits), so the tests
 * are independent and may share the workers.
 */
test.describe.configure({ mode: 'parallel' });

const PASSWORD = 'secret123';
const JSON_HEADERS = { 'content-type': 'application/json', 'x-app-name': 'wallet-user' };

/** Baht as the member app prints them in every language: `฿1,234.50` (apps/web/src/lib/format.ts). */
function baht(amount: number): string {
  return `฿${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** `DD/MM/YYYY HH:mm:ss` on the site's clock (UTC+7), the format of every date the app shows. */
function siteDateTime(iso: string): string {
  const clock = new Date(Date.parse(iso) + 7 * 60 * 60 * 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return (
    `${two(clock.getUTCDate())}/${two(clock.getUTCMonth() + 1)}/${clock.getUTCFullYear()} ` +
    `${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}:${two(clock.getUTCSeconds())}`
  );
}

/**
 * Registers a fresh member through the API (from the test's own address, see fixtures.ts) and logs them in
 * through the login screen, as a tab-only session. Returns the phone number.
 */
async function logInFreshMember(page: Page, locale: Locale): Promise<string> {
  const { phone, accountNo, surname } = uniqueMember();
  const registered = await page.request.post('/api/account', {
    headers: JSON_HEADERS,
    data: {
      name: 'Safer Member',
      username: phone,
      password: PASSWORD,
      bankCode: 'KBANK',
      bankAccountName: `SAFER ${surname}`,
      bankAccountNo: accountNo,
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
  await page.goto('/login');
  await signIn(page, locale, phone);
  await expect(page).toHaveURL(/\/user\/home$/);
  return phone;
}

async function signIn(page: Page, locale: Locale, phone: string): Promise<void> {
  await page.getByLabel(text(locale, 'auth.username'), { exact: true }).fill(phone);
  await page.getByLabel(text(locale, 'auth.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: text(locale, 'auth.submit'), exact: true }).click();
}

/** The Safer play screen with its limits loaded. */
async function expectSaferPlay(page: Page, locale: Locale) {
  await expect(page).toHaveURL(/\/user\/safer-play$/);
  await expect(page.getByRole('heading', { name: text(locale, 'saferPlay.title'), level: 1 })).toBeVisible();
  const deposits = page.getByRole('group', { name: text(locale, 'saferPlay.limits.kind.deposit'), exact: true });
  await expect(deposits).toBeVisible();
  return deposits;
}

/** The toaster's live region (the always-mounted one, see a11y.spec.ts). */
function toasts(page: Page, locale: Locale) {
  return page.getByRole('region', { name: text(locale, 'common.notifications') });
}

for (const locale of LOCALES) {
  test.describe(`safer play in ${locale}`, () => {
    test.use({ uiLocale: locale });

    test('a deposit day limit set on Safer play refuses a QR deposit above it', async ({ page }) => {
      await logInFreshMember(page, locale);
      await page.getByRole('link', { name: text(locale, 'saferPlay.homeLink'), exact: true }).click();
      const deposits = await expectSaferPlay(page, locale);
      await expectAccessible(page, `${locale} /user/safer-play`);

      const dayField = deposits.getByRole('textbox', {
        name: text(locale, 'saferPlay.limits.period.day'),
        exact: true,
      });
      await dayField.fill('100');
      const saving = page.waitForResponse(
        (response) => response.url().endsWith('/api/rg/limits') && response.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: text(locale, 'saferPlay.limits.save'), exact: true }).click();
      const saved = await saving;
      expect(saved.status()).toBe(200);
      const answer = (await saved.json()) as {
        message: string;
        deposit: { day: { amount: number; used: number; left: number; pending: unknown } };
      };
      // A limit where there was none applies at once: nothing waits.
      expect(answer).toMatchObject({ message: 'SUCCESS', deposit: { day: { amount: 100, pending: null } } });
      await expect(toasts(page, locale).getByText(text(locale, 'saferPlay.limits.saved'))).toBeVisible();
      const { day } = answer.deposit;
      await expect(deposits).toContainText(
        text(locale, 'saferPlay.limits.facts', {
          amount: baht(day.amount),
          used: baht(day.used),
          left: baht(day.left),
        }),
      );
      await expect(dayField).toHaveValue('100.00');

      // A QR of 150 at the first gateway: refused before the QR exists, in the reader's language.
      await page.getByRole('link', { name: text(locale, 'menu.home'), exact: true }).click();
      await page.getByRole('button', { name: text(locale, 'deposit.title'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: text(locale, 'deposit.title') });
      const panel = dialog.getByRole('tabpanel');
      await panel.getByLabel(text(locale, 'deposit.qr.amount')).fill('150');
      const creating = page.waitForResponse(
        (response) => /\/api\/qrcode\/[A-Z]+$/.test(response.url()) && response.request().method() === 'POST',
      );
      await panel.getByRole('button', { name: text(locale, 'deposit.qr.create'), exact: true }).click();
      const refused = await creating;
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe('DEPOSIT_LIMIT_REACHED');
      await expect(toasts(page, locale).getByText(text(locale, 'errors.DEPOSIT_LIMIT_REACHED'))).toBeVisible();
      await expect(panel.getByRole('img')).toHaveCount(0);
      await expect(panel.getByRole('timer')).toHaveCount(0);
      await expect(panel.getByRole('button', { name: text(locale, 'deposit.qr.create'), exact: true })).toBeVisible();
    });

    test('a 24-hour time-out ends the session; signing in shows the block and leads to /limited', async ({
      page,
      browser,
      baseURL,
    }) => {
      const phone = await logInFreshMember(page, locale);
      const oldToken = await page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token'));
      expect(oldToken).toBeTruthy();
      const wallet = await page.request.get('/api/wallet', {
        headers: { ...JSON_HEADERS, authorization: `Bearer ${oldToken}` },
      });
      const balance = ((await wallet.json()) as { wallet: { amount: number } }).wallet.amount;

      // From the profile.
      await page.getByRole('link', { name: text(locale, 'menu.profile'), exact: true }).click();
      await expect(page).toHaveURL(/\/user\/profile$/);
      await page.getByRole('link', { name: new RegExp(`^${text(locale, 'saferPlay.title')}`) }).click();
      await expectSaferPlay(page, locale);

      // Asked twice.
      const length = text(locale, 'saferPlay.block.days.1');
      await page.getByRole('button', { name: length, exact: true }).click();
      const first = page.getByRole('dialog', { name: text(locale, 'saferPlay.block.confirmTimeoutTitle', { length }) });
      await expect(first).toContainText(text(locale, 'saferPlay.block.consequence.noEarlyEnd'));
      await expectAccessible(page, `${locale} time-out, first confirmation`);
      await first.getByRole('button', { name: text(locale, 'saferPlay.block.continue'), exact: true }).click();
      const final = page.getByRole('dialog', { name: text(locale, 'saferPlay.block.finalTitle') });
      await expect(final).toContainText(text(locale, 'saferPlay.block.finalTimeout', { length }));
      await expectAccessible(page, `${locale} time-out, final confirmation`);
      const starting = page.waitForResponse((response) => response.url().endsWith('/api/rg/timeout'));
      await final.getByRole('button', { name: text(locale, 'saferPlay.block.startTimeout'), exact: true }).click();
      const started = await starting;
      expect(started.status()).toBe(200);
      const { block } = (await started.json()) as { block: { kind: string; endsAt: string; startedAt: string } };
      expect(block.kind).toBe('timeout');
      expect(Date.parse(block.endsAt) - Date.parse(block.startedAt)).toBe(24 * 60 * 60 * 1000);
      await expect(page).toHaveURL(/\/login$/);
      await expect(toasts(page, locale).getByText(text(locale, 'saferPlay.block.timeoutStarted'))).toBeVisible();

      // The session of before is over: with its token, /user goes back to the login screen and says why. A browser
      // of its own, with nothing cached: the refused call is answered before the language's texts and the router
      // are in (the server preloads only the default language without the locale cookie), as for a member coming
      // back the next day.
      const returning = await browser.newContext({ baseURL });
      const other = await returning.newPage();
      await other.addInitScript(
        ({ token, chosen }) => {
          localStorage.setItem('locale', chosen);
          if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', token);
        },
        { token: oldToken as string, chosen: locale },
      );
      await other.goto('/user/home');
      await expect(other).toHaveURL(/\/login$/);
      await expect(toasts(other, locale).getByText(text(locale, 'auth.sessionEnded'))).toBeVisible();
      await returning.close();

      // Signing in again: refused with the block, its end, and a limited session.
      const answering = page.waitForResponse((response) => response.url().endsWith('/api/login'));
      await signIn(page, locale, phone);
      const refused = await answering;
      expect(refused.status()).toBe(403);
      const login = (await refused.json()) as { message: string; detail: string };
      expect(login.message).toBe('TIMED_OUT');
      expect(Date.parse(login.detail)).toBe(Date.parse(block.endsAt));
      const until = siteDateTime(login.detail);
      const notice = page.getByRole('alert').filter({ hasText: text(locale, 'errors.TIMED_OUT') });
      await expect(notice).toContainText(text(locale, 'blockedLogin.until', { date: until }));
      await expect(notice).toContainText(text(locale, 'blockedLogin.withdrawNote'));
      await expect(page).toHaveURL(/\/login$/);
      await expectAccessible(page, `${locale} /login with the blocked notice`);

      await notice.getByRole('button', { name: text(locale, 'blockedLogin.continue'), exact: true }).click();
      await expect(page).toHaveURL(/\/limited$/);
      await expect(
        page.getByRole('heading', { name: text(locale, 'saferPlay.limited.title'), level: 1 }),
      ).toBeVisible();
      const status = page.getByRole('region', { name: text(locale, 'saferPlay.limited.blockTitle'), exact: true });
      await expect(status).toContainText(text(locale, 'saferPlay.limited.timeoutUntil', { date: until }));
      const walletSection = page.getByRole('region', { name: text(locale, 'wallet.mainWallet'), exact: true });
      await expect(walletSection).toContainText(baht(balance));
      await expect(
        walletSection.getByRole('button', { name: text(locale, 'withdraw.title'), exact: true }),
      ).toBeVisible();
      await expectAccessible(page, `${locale} /limited`);

      // The limited session reaches no member page.
      await page.goto('/user/home');
      await expect(page).toHaveURL(/\/limited$/);
      await expect(
        page.getByRole('heading', { name: text(locale, 'saferPlay.limited.title'), level: 1 }),
      ).toBeVisible();
    });
  });
}
