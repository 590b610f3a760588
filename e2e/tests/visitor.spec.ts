import { DEMO, expect, LOCALES, type Locale, type Page, test, text, uniqueMember } from '../fixtures.ts';

/** The form control whose visible label reads the catalogue text of `key`. */
function field(page: Page, locale: Locale, key: string) {
  return page.getByLabel(text(locale, key), { exact: true });
}

interface Registration {
  name: string;
  password: string;
  inviteCode?: string;
}

/** Fills the profile and bank steps and submits, as a visitor would. */
async function completeProfileAndBank(page: Page, locale: Locale, accountNo: string, member: Registration) {
  await field(page, locale, 'register.name').fill(member.name);
  await field(page, locale, 'register.password').fill(member.password);
  await field(page, locale, 'register.confirmPassword').fill(member.password);
  await page.getByRole('button', { name: text(locale, 'common.next') }).click();

  await field(page, locale, 'register.bankCode').selectOption('KBANK');
  await field(page, locale, 'register.bankAccountNo').fill(accountNo);
  await field(page, locale, 'register.firstName').fill('somchai');
  await field(page, locale, 'register.lastName').fill('jaidee');
  await page.getByRole('button', { name: text(locale, 'register.submit') }).click();
  await expect(page.getByText(text(locale, 'register.success'))).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
}

async function logIn(page: Page, locale: Locale, phone: string, password: string, remember = false) {
  await page.goto('/login');
  await field(page, locale, 'auth.username').fill(phone);
  await field(page, locale, 'auth.password').fill(password);
  if (remember) await field(page, locale, 'auth.rememberMe').check();
  await page.getByRole('button', { name: text(locale, 'auth.submit') }).click();
}

async function storedToken(page: Page) {
  return page.evaluate(() => ({ local: localStorage.getItem('token'), session: sessionStorage.getItem('token') }));
}

for (const locale of LOCALES) {
  test.describe(`visitor in ${locale}`, () => {
    test.use({ uiLocale: locale });

    test('registers without OTP, logs in and lands on the member home', async ({ page, server }) => {
      await server.setSettings({ registerOTP: false });
      const { phone, accountNo } = uniqueMember();
      await page.goto('/register');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await field(page, locale, 'register.phoneNumber').fill(phone);
      await page.getByRole('button', { name: text(locale, 'common.next') }).click();
      await completeProfileAndBank(page, locale, accountNo, { name: `Member ${locale}`, password: 'secret123' });

      await logIn(page, locale, phone, 'secret123');
      await expect(page).toHaveURL(/\/user\/home$/);
      await expect(page.getByText(text(locale, 'home.greeting', { name: `Member ${locale}` }))).toBeVisible();
    });

    test('registers with OTP, confirming the code texted by the sandbox SMS party', async ({ page, server }) => {
      await server.setSettings({ registerOTP: true });
      const { phone, accountNo } = uniqueMember();
      await page.goto('/register');
      await field(page, locale, 'register.phoneNumber').fill(phone);
      await page.getByRole('button', { name: text(locale, 'common.next') }).click();

      const otpField = field(page, locale, 'register.otpCode');
      await expect(otpField).toBeVisible();
      await expect(otpField).toHaveAttribute('autocomplete', 'one-time-code');
      const code = await server.latestOtp(phone);
      await otpField.fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: text(locale, 'register.verify') }).click();
      await expect(page.getByText(text(locale, 'errors.OTP_CODE_INVALID')).first()).toBeVisible();

      await otpField.fill(code);
      await page.getByRole('button', { name: text(locale, 'register.verify') }).click();
      await completeProfileAndBank(page, locale, accountNo, { name: 'Otp Member', password: 'secret123' });
      await server.setSettings({ registerOTP: false });

      await logIn(page, locale, phone, 'secret123');
      await expect(page.getByText(text(locale, 'home.greeting', { name: 'Otp Member' }))).toBeVisible();
    });

    test('registers through an inviter link, the code read-only', async ({ page, server }) => {
      await server.setSettings({ registerOTP: false });
      const inviter = await server.profileOf(DEMO.phone, DEMO.password);
      const inviteCode = `PR${inviter._id}`;
      const { phone, accountNo } = uniqueMember();
      await page.goto(`/register?code=${inviteCode}`);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('code'))).toBe(inviteCode);
      await field(page, locale, 'register.phoneNumber').fill(phone);
      await page.getByRole('button', { name: text(locale, 'common.next') }).click();

      const inviteField = field(page, locale, 'register.inviteCode');
      await expect(inviteField).toHaveValue(inviteCode);
      await expect(inviteField).toHaveAttribute('readonly', '');
      await completeProfileAndBank(page, locale, accountNo, { name: 'Invited Member', password: 'secret123' });
      expect((await server.profileOf(phone, 'secret123')).name).toBe('Invited Member');
    });

    test('remember-me keeps the token in localStorage, otherwise in sessionStorage; logout clears it', async ({
      page,
    }) => {
      await logIn(page, locale, DEMO.phone, DEMO.password, true);
      await expect(page).toHaveURL(/\/user\/home$/);
      expect(await storedToken(page)).toEqual({ local: expect.any(String), session: null });
      await page.reload();
      await expect(page.getByText(text(locale, 'home.greeting', { name: DEMO.name }))).toBeVisible();

      await page.getByRole('button', { name: text(locale, 'auth.logout') }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await storedToken(page)).toEqual({ local: null, session: null });
      await page.goto('/user/home');
      await expect(page).toHaveURL(/\/login$/);

      await logIn(page, locale, DEMO.phone, DEMO.password, false);
      await expect(page).toHaveURL(/\/user\/home$/);
      expect(await storedToken(page)).toEqual({ local: null, session: expect.any(String) });
    });

    test('a wrong password says so without naming which part was wrong', async ({ page }) => {
      await logIn(page, locale, DEMO.phone, 'not-the-password');
      await expect(page.getByText(text(locale, 'errors.WRONG_CREDENTIAL')).first()).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('a terminated site sends /login to /terminated', async ({ page, server }) => {
      await server.setSettings({ terminated: true });
      try {
        await page.goto('/login');
        await expect(page).toHaveURL(/\/terminated$/);
        await expect(page.getByRole('heading', { name: text(locale, 'terminated.title') })).toBeVisible();
      } finally {
        await server.setSettings({ terminated: false });
      }
    });

    test('an unknown path shows Page Not Found', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: text(locale, 'notFound.title') })).toBeVisible();
    });
  });
}
