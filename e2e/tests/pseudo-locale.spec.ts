import { pseudoText } from '../../apps/web/src/i18n/pseudo.ts';
import { DEMO, text, uniqueMember } from '../fixtures.ts';
import { expect, type Page, test } from '../pseudo-server.ts';

/**
 * Every screen in the pseudo-locale build, where each catalogue text reads `⟦…⟧`: any visible text outside
 * the brackets did not come from the catalogues. Data that is not UI text (names, phone numbers, the site
 * name, server-written contact text, the version) is marked in the app with `translate="no"` or
 * `data-i18n-exempt`, so this test never has to guess.
 */
test.use({ uiLocale: 'en' });

/** The pseudo text the screen shows for catalogue `key`. */
function pseudo(key: string): string {
  return pseudoText(text('en', key));
}

const BRACKETED = /^⟦[\s\S]*⟧$/;

/** Visible text nodes and user-facing attributes that are neither bracketed nor marked as data. */
async function hardCodedText(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate((bracketed: string) => {
    const pattern = new RegExp(bracketed);
    const exempt = (element: Element) => element.closest('[data-i18n-exempt], [translate="no"]') !== null;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const content = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!content || !parent || exempt(parent) || parent.closest('script, style, noscript, template')) continue;
      const shown =
        parent instanceof HTMLOptionElement
          ? (parent.closest('select')?.checkVisibility() ?? false)
          : parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
      if (!shown || pattern.test(content)) continue;
      found.push(`<${parent.tagName.toLowerCase()}> ${content}`);
    }
    for (const element of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title], img[alt]'))) {
      if (exempt(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value && !pattern.test(value)) found.push(`<${element.tagName.toLowerCase()} ${name}> ${value}`);
      }
    }
    return found;
  }, BRACKETED.source);
}

async function expectAllTranslated(page: Page, screen: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('⟦');
  expect(await hardCodedText(page), `hard-coded text on ${screen}`).toEqual([]);
}

test('the pseudo-locale build brackets every catalogue text', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pseudo('auth.loginTitle'));
});

test('public screens show no hard-coded text', async ({ page }) => {
  for (const path of ['/login', '/howto', '/contact', '/no/such/page']) {
    await page.goto(path);
    await expectAllTranslated(page, path);
  }
});

test('the terminated screen shows no hard-coded text', async ({ page, server }) => {
  await server.setSettings({ terminated: true });
  try {
    await page.goto('/terminated');
    await expectAllTranslated(page, '/terminated');
  } finally {
    await server.setSettings({ terminated: false });
  }
});

test('every register step shows no hard-coded text', async ({ page, server }) => {
  await server.setSettings({ registerOTP: true });
  try {
    const { phone } = uniqueMember();
    await page.goto('/register');
    await expectAllTranslated(page, 'register: phone');
    await page.getByLabel(pseudo('register.phoneNumber'), { exact: true }).fill(phone);
    await page.getByRole('button', { name: pseudo('common.next') }).click();

    const otp = page.getByLabel(pseudo('register.otpCode'), { exact: true });
    await expect(otp).toBeVisible();
    await expectAllTranslated(page, 'register: OTP');
    await otp.fill(await server.latestOtp(phone));
    await page.getByRole('button', { name: pseudo('register.verify') }).click();

    await expect(page.getByLabel(pseudo('register.name'), { exact: true })).toBeVisible();
    await expectAllTranslated(page, 'register: profile');
    await page.getByLabel(pseudo('register.name'), { exact: true }).fill('Pseudo Member');
    await page.getByLabel(pseudo('register.password'), { exact: true }).fill('secret123');
    await page.getByLabel(pseudo('register.confirmPassword'), { exact: true }).fill('secret123');
    await page.getByRole('button', { name: pseudo('common.next') }).click();

    const bank = page.getByLabel(pseudo('register.bankCode'), { exact: true });
    await expect(bank).toBeVisible();
    await bank.selectOption('KBANK');
    await expectAllTranslated(page, 'register: bank');
  } finally {
    await server.setSettings({ registerOTP: false });
  }
});

test('member screens show no hard-coded text', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(pseudo('auth.username'), { exact: true }).fill(DEMO.phone);
  await page.getByLabel(pseudo('auth.password'), { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: pseudo('auth.submit') }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
  await expect(page.getByText(DEMO.name, { exact: false })).toBeVisible();
  await expectAllTranslated(page, '/user/home');
  await page.goto('/user/contact');
  await expectAllTranslated(page, '/user/contact');
});

test('the bonus page and its modals show no hard-coded text', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
  await page.goto('/login');
  await page.getByLabel(pseudo('auth.username'), { exact: true }).fill(DEMO.phone);
  await page.getByLabel(pseudo('auth.password'), { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: pseudo('auth.submit') }).click();
  await expect(page).toHaveURL(/\/user\/home$/);
  await page.goto('/user/bonus');
  const cards = page.locator('button[data-state]');
  await expect(cards.first()).toBeVisible();
  await page.getByRole('button', { name: pseudo('bonus.search') }).click();
  await expectAllTranslated(page, '/user/bonus with the code error');
  await cards.first().click();
  await expect(page.getByRole('dialog', { name: pseudo('bonus.details') })).toBeVisible();
  await expectAllTranslated(page, 'bonus modal');
  await page.keyboard.press('Escape');
  await page.getByLabel(pseudo('bonus.code'), { exact: true }).fill('NOSUCH');
  await page.getByRole('button', { name: pseudo('bonus.search') }).click();
  const promotion = page.getByRole('dialog');
  await expect(promotion.getByText(pseudo('bonus.promotion.notFound'))).toBeVisible();
  await expectAllTranslated(page, 'promotion modal, not found');
});
