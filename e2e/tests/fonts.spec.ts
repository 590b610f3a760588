import { DEMO, expect, type Locale, type Page, test, text } from '../fixtures.ts';

/**
 * The fonts are bundled @fontsource subsets, each @font-face limited by a unicode-range, so the browser
 * fetches a script's font only when text in that script is drawn with it. This proves the budget of issue 3
 * in Chromium: a Thai or English page never downloads the Lao font, and a Lao page does.
 */
const PUBLIC_PAGES = ['/login', '/register', '/howto', '/contact'] as const;
const LAO_FONT = /noto-sans-lao-.*\.woff2?$/;
const THAI_FONT = /noto-sans-thai-.*\.woff2?$/;

/** Opens `path` and returns every font URL the page requested once it has settled and laid its text out. */
async function fontsFetched(page: Page, path: string): Promise<string[]> {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font' || /\.woff2?$/.test(request.url())) fonts.push(request.url());
  });
  await page.goto(path);
  await expect(page.locator('#main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  return fonts;
}

for (const locale of ['th', 'en'] as const satisfies readonly Locale[]) {
  test.describe(`fonts in ${locale}`, () => {
    test.use({ uiLocale: locale });

    for (const path of PUBLIC_PAGES) {
      test(`${path} never downloads the Lao font`, async ({ page }) => {
        const fonts = await fontsFetched(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        // Positive control: the recorder sees font requests at all (Latin digits and names are on every page).
        expect(fonts.length, 'no font request was recorded').toBeGreaterThan(0);
        expect(fonts.filter((url) => LAO_FONT.test(url))).toEqual([]);
        if (locale === 'th') expect(fonts.some((url) => THAI_FONT.test(url))).toBe(true);
      });
    }
  });
}

/** Member pages carry the language menu as a select, whose Lao option the browser measures too. */
for (const locale of ['th', 'en'] as const satisfies readonly Locale[]) {
  test.describe(`member fonts in ${locale}`, () => {
    test.use({ uiLocale: locale });
    test('the member home never downloads the Lao font', async ({ page }) => {
      await page.addInitScript(() => localStorage.setItem('remember-agreement', 'true'));
      await page.goto('/login');
      await page.getByLabel(text(locale, 'auth.username')).fill(DEMO.phone);
      await page.getByLabel(text(locale, 'auth.password')).fill(DEMO.password);
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (/\.woff2?$/.test(request.url())) fonts.push(request.url());
      });
      await page.getByRole('button', { name: text(locale, 'auth.submit') }).click();
      await expect(page.getByTestId('total-balance')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.evaluate(async () => {
        await document.fonts.ready;
      });
      expect(fonts.filter((url) => LAO_FONT.test(url))).toEqual([]);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
    });
  });
}

test.describe('fonts in lo', () => {
  test.use({ uiLocale: 'lo' });

  for (const path of PUBLIC_PAGES) {
    test(`${path} downloads the Lao font`, async ({ page }) => {
      const fonts = await fontsFetched(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
      expect(fonts.some((url) => LAO_FONT.test(url))).toBe(true);
    });
  }
});
