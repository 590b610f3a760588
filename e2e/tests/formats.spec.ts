import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type * as Format from '../../apps/web/src/lib/format.ts';
import { expect, LOCALES, test } from '../fixtures.ts';

/**
 * Runs the app's formatters inside the Chromium the members use. Chromium ships no Lao locale data, so the
 * unit tests in Node (full ICU) could pass while the browser prints English; this test proves both facts in
 * the browser itself: `Intl` there lacks Lao, and our formatters still print Lao.
 */
const FORMAT_ENTRY = fileURLToPath(new URL('../../apps/web/src/lib/format.ts', import.meta.url));
const CATALOGUE_DIR = new URL('../../apps/web/src/i18n/', import.meta.url);

type FormatModule = typeof Format;
declare global {
  interface Window {
    walletFormat: FormatModule;
  }
}

const timeTexts = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    (
      JSON.parse(readFileSync(new URL(`member/${locale}.json`, CATALOGUE_DIR), 'utf8')) as {
        time: Format.RelativeTimeTexts;
      }
    ).time,
  ]),
) as Record<(typeof LOCALES)[number], Format.RelativeTimeTexts>;

let bundle = '';
test.beforeAll(async () => {
  const result = await build({
    entryPoints: [FORMAT_ENTRY],
    bundle: true,
    format: 'iife',
    globalName: 'walletFormat',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  bundle = result.outputFiles[0]?.text ?? '';
  expect(bundle).toContain('walletFormat');
});

// The server's CSP allows only same-origin script files; the injected bundle is an inline script. A device
// set to New York proves the times do not follow the device's zone.
test.use({ bypassCSP: true, timezoneId: 'America/New_York', locale: 'lo-LA' });

test.beforeEach(async ({ page }) => {
  await page.goto('/healthz');
  await page.setContent('<!doctype html><html lang="lo"><head></head><body></body></html>');
  await page.addScriptTag({ content: bundle });
});

const MORNING = '2025-01-15T02:05:03Z';
const LAO_ONLY = /^[\u0E80-\u0EFF\d\s.,:/-]+$/;

test('this Chromium has no Lao data in Intl: it falls back to the root locale', async ({ page }) => {
  const intl = await page.evaluate((iso) => {
    const date = new Date(iso);
    return {
      dateLocales: Intl.DateTimeFormat.supportedLocalesOf(['lo', 'lo-LA']),
      numberLocales: Intl.NumberFormat.supportedLocalesOf(['lo', 'lo-LA']),
      date: new Intl.DateTimeFormat('lo', { dateStyle: 'long', timeZone: 'Asia/Vientiane' }).format(date),
      kip: new Intl.NumberFormat('lo', { style: 'currency', currency: 'LAK' }).format(1234.5),
      thaiIsThere: Intl.DateTimeFormat.supportedLocalesOf(['th']),
    };
  }, MORNING);
  expect(intl.dateLocales).toEqual([]);
  expect(intl.numberLocales).toEqual([]);
  // Measured: `2025 M01 15` and `LAK 1,235`: root-locale text, no Lao, and the kip rounded to whole units.
  expect(intl.date).toMatch(/[A-Za-z]/);
  expect(intl.date).not.toMatch(/[\u0E80-\u0EFF]/);
  expect(intl.kip).not.toMatch(/[\u0E80-\u0EFF]/);
  expect(intl.thaiIsThere).toEqual(['th']);
});

test('kip comes out in Lao script, not English', async ({ page }) => {
  const kip = await page.evaluate(() => window.walletFormat.formatMoney('lo', 1234.5, 'LAK'));
  expect(kip).toBe('1,234.50 ກີບ');
  expect(kip).toMatch(LAO_ONLY);
  expect(kip).not.toMatch(/[A-Za-z]/);
});

test('dates are DD/MM/YYYY (HH:mm:ss) in Indochina Time, the common era, whatever the device zone', async ({
  page,
}) => {
  const out = await page.evaluate((iso) => {
    const f = window.walletFormat;
    return { date: f.formatDate(iso), dateTime: f.formatDateTime(iso), deviceZoneHour: new Date(iso).getHours() };
  }, MORNING);
  expect(out.date).toBe('15/01/2025');
  expect(out.dateTime).toBe('15/01/2025 09:05:03');
  expect(out.deviceZoneHour).toBe(21);
});

test('amounts, bank accounts and relative time in every language', async ({ page }) => {
  const out = await page.evaluate((texts) => {
    const f = window.walletFormat;
    const now = Date.parse('2025-06-01T00:00:00Z');
    return {
      amount: f.formatAmount(1234.5),
      sum: f.formatAmount(0.1 + 0.2),
      half: f.formatAmount(1.005),
      baht: f.formatMoney('th', 1234.5, 'THB'),
      minor: f.formatMoneyMinor('en', 123_456_789n, 'THB'),
      account: f.formatBankAccount('1234567890'),
      th: f.formatRelativeTime('th', now - 3 * 60_000, now, texts.th),
      lo: f.formatRelativeTime('lo', now - 2 * 86_400_000, now, texts.lo),
      enOne: f.formatRelativeTime('en', now - 3_600_000, now, texts.en),
      enMany: f.formatRelativeTime('en', now - 400 * 86_400_000, now, texts.en),
    };
  }, timeTexts);
  expect(out).toEqual({
    amount: '1,234.50',
    sum: '0.30',
    half: '1.01',
    baht: '฿1,234.50',
    minor: '฿1,234,567.89',
    account: '123-456-7890',
    th: '3 นาทีที่แล้ว',
    lo: '2 ມື້ກ່ອນ',
    enOne: '1 hour ago',
    enMany: '1 year ago',
  });
});
