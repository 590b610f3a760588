import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n, type TFunction } from './i18n.ts';

const en = {
  title: 'Wallet',
  greeting: 'Hello {{name}}, {{ name }} again',
  file: { tooLarge: 'No larger than {{size}} MB' },
  time: { daysAgo_one: '{{count}} day ago', daysAgo_other: '{{count}} days ago' },
};
const th = {
  title: 'กระเป๋า',
  greeting: 'สวัสดี {{name}}',
  file: { tooLarge: 'ไม่เกิน {{size}} MB' },
  time: { daysAgo_one: '{{count}} วัน', daysAgo_other: '{{count}} วันที่แล้ว' },
};
const member = { en: { home: { balance: 'Balance' } }, th: { home: { balance: 'ยอดเงิน' } } };

type Locale = 'th' | 'en';
type Texts = typeof en & (typeof member)['en'];
const STORAGE_KEY = 'testLocale';

/** An app whose texts are all in the bundle, as the back-office's are. */
function bundled() {
  return createI18n<Locale, typeof en>({
    locales: ['th', 'en'],
    defaultLocale: 'th',
    storageKey: STORAGE_KEY,
    catalogues: { th, en },
  });
}

/** An app whose texts are downloaded per locale and part, with plurals, as the member app's are. */
function downloaded(onChange = vi.fn()) {
  const chunk = (tree: object) => vi.fn(async () => ({ default: tree as Record<string, string> }));
  const loads = { en: chunk(en), th: chunk(th), memberEn: chunk(member.en), memberTh: chunk(member.th) };
  const runtime = createI18n<Locale, Texts, 'member'>({
    locales: ['th', 'en'],
    defaultLocale: 'en',
    storageKey: STORAGE_KEY,
    catalogues: { en: loads.en, th: loads.th },
    parts: { member: { en: loads.memberEn, th: loads.memberTh } },
    pluralCategory: (locale, count) => (locale === 'en' && count === 1 ? 'one' : 'other'),
    onChange,
  });
  return { ...runtime, loads, onChange };
}

beforeEach(() => {
  localStorage.clear();
});

describe('a runtime with bundled catalogues', () => {
  it('answers before any language change, in the default language', () => {
    const { i18n } = bundled();
    expect(i18n.language).toBe('th');
    expect(i18n.t('title')).toBe(th.title);
  });

  it('switches at once, and keeps the choice under its storage key and in <html lang>', () => {
    const { i18n, changeLocale, currentLocale } = bundled();
    void changeLocale('en');
    expect(i18n.t('title')).toBe('Wallet');
    expect(currentLocale()).toBe('en');
    expect(localStorage.getItem(STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('starts in the stored choice, else in the default language', async () => {
    localStorage.setItem(STORAGE_KEY, 'en');
    const first = bundled();
    await first.initI18n();
    expect(first.i18n.language).toBe('en');
    localStorage.setItem(STORAGE_KEY, 'fr');
    const second = bundled();
    await second.initI18n();
    expect(second.i18n.language).toBe('th');
  });

  it('fills every placeholder and leaves unknown ones as they are', async () => {
    const { i18n, changeLocale } = bundled();
    await changeLocale('en');
    expect(i18n.t('greeting', { name: 'Ann' })).toBe('Hello Ann, Ann again');
    expect(i18n.t('file.tooLarge', { other: 1 })).toBe(en.file.tooLarge);
    expect(i18n.t('file.tooLarge')).toBe(en.file.tooLarge);
  });

  it('looks up no plural key without a plural rule', async () => {
    const { i18n, changeLocale } = bundled();
    await changeLocale('en');
    expect(i18n.t('time.daysAgo', { count: 1 })).toBe('time.daysAgo');
    expect(i18n.t('time.daysAgo_one', { count: 1 })).toBe('1 day ago');
  });

  it('shows a missing key as the key, and tells whether a key exists', () => {
    const { i18n } = bundled();
    expect(i18n.t('nope' as 'title')).toBe('nope');
    expect(i18n.exists('nope')).toBe(false);
    expect(i18n.exists('file.tooLarge')).toBe(true);
  });

  it('renders components again with a new t when the language changes', async () => {
    const { changeLocale, useTranslation } = bundled();
    const seen: TFunction<'title'>[] = [];
    function Title() {
      const { t, i18n } = useTranslation();
      seen.push(t);
      return <p lang={i18n.language}>{t('title')}</p>;
    }
    render(<Title />);
    expect(screen.getByText(th.title)).toHaveProperty('lang', 'th');
    await act(() => changeLocale('en'));
    expect(screen.getByText('Wallet')).toHaveProperty('lang', 'en');
    expect(new Set(seen).size).toBe(2);
  });
});

describe('a runtime with downloaded catalogues and parts', () => {
  it('downloads only the language shown, and switches once it is there', async () => {
    const { i18n, changeLocale, loads } = downloaded();
    expect(i18n.t('title')).toBe('title');
    const switching = changeLocale('th');
    expect(i18n.language).toBe('en');
    await switching;
    expect(i18n.t('title')).toBe(th.title);
    expect(loads.th).toHaveBeenCalledTimes(1);
    expect(loads.en).not.toHaveBeenCalled();
    await changeLocale('en');
    await changeLocale('th');
    expect(loads.th).toHaveBeenCalledTimes(1);
  });

  it('downloads a part only when asked, and then with every language change', async () => {
    const { i18n, changeLocale, loadPart, loads } = downloaded();
    await changeLocale('en');
    expect(i18n.t('home.balance')).toBe('home.balance');
    expect(loads.memberEn).not.toHaveBeenCalled();
    await loadPart('member');
    expect(i18n.t('home.balance')).toBe('Balance');
    expect(i18n.t('title')).toBe('Wallet');
    await changeLocale('th');
    expect(i18n.t('home.balance')).toBe(member.th.home.balance);
    await loadPart('member');
    expect(loads.memberTh).toHaveBeenCalledTimes(1);
  });

  it('picks the plural form by count, falling back to the base key', async () => {
    const { i18n, changeLocale } = downloaded();
    await changeLocale('en');
    expect(i18n.t('time.daysAgo', { count: 1 })).toBe('1 day ago');
    expect(i18n.t('time.daysAgo', { count: 3 })).toBe('3 days ago');
    await changeLocale('th');
    expect(i18n.t('time.daysAgo', { count: 1 })).toBe('1 วันที่แล้ว');
    expect(i18n.t('title', { count: 1 })).toBe(th.title);
  });

  it('tells the app of each change once the language is active, before the components hear of it', async () => {
    const order: string[] = [];
    const runtime = downloaded(vi.fn((locale: Locale) => order.push(`app ${locale} ${document.documentElement.lang}`)));
    function Probe() {
      const { i18n } = runtime.useTranslation();
      order.push(`render ${i18n.language}`);
      return null;
    }
    render(<Probe />);
    await act(() => runtime.changeLocale('th'));
    expect(runtime.onChange).toHaveBeenCalledWith('th');
    expect(order).toEqual(['render en', 'app th th', 'render th']);
  });
});
