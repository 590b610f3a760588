import { expect, type Page, test, text } from '../fixtures.ts';

/**
 * A page downloads one catalogue before its first render: the build's default language's on a first visit,
 * and the reader's own language's once they have chosen it, because the server preloads the catalogue the
 * `locale` cookie names (docs/decisions/0009).
 */
const CATALOGUE = /\/assets\/(th|lo|en)-[\w-]+\.js$/;

async function cataloguesFetched(page: Page, path: string): Promise<string[]> {
  const fetched: string[] = [];
  const record = (url: string) => {
    const match = CATALOGUE.exec(new URL(url).pathname);
    if (match?.[1]) fetched.push(match[1]);
  };
  page.on('request', (request) => record(request.url()));
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('request');
  return fetched;
}

test('a reader who chose English downloads only the English catalogue on the next visit', async ({ page }) => {
  expect(await cataloguesFetched(page, '/login')).toEqual(['th']);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: text('en', 'auth.loginTitle') })).toBeVisible();

  const document = page.waitForResponse((response) => new URL(response.url()).pathname === '/login');
  const fetched = cataloguesFetched(page, '/login');
  expect(await (await document).text()).toContain('<html lang="en"');
  expect(await fetched).toEqual(['en']);
  await expect(page.getByRole('heading', { name: text('en', 'auth.loginTitle') })).toBeVisible();
});
