import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { changeLocale, currentLocale, i18n, loadMemberTexts, type TFunction, useTranslation } from './i18n.ts';
import memberLo from './member/lo.json';
import memberTh from './member/th.json';
import th from './th.json';

describe('the translation runtime', () => {
  // First in the file: the module remembers that member texts were asked for.
  it('loads the member texts only when asked, and then with every language change', async () => {
    await changeLocale('th');
    expect(i18n.t('home.totalBalance')).toBe('home.totalBalance');
    expect(i18n.t('notFound.title')).toBe(th.notFound.title);
    await loadMemberTexts();
    expect(i18n.t('home.totalBalance')).toBe(memberTh.home.totalBalance);
    await changeLocale('lo');
    expect(i18n.t('home.totalBalance')).toBe(memberLo.home.totalBalance);
  });

  it('reads nested keys of the active catalogue', async () => {
    await changeLocale('th');
    expect(i18n.t('notFound.title')).toBe(th.notFound.title);
    await changeLocale('en');
    expect(i18n.t('notFound.title')).toBe('Page Not Found');
  });

  it('fills every placeholder and leaves unknown ones as they are', async () => {
    await changeLocale('en');
    expect(i18n.t('validation.fileTooLarge', { size: 10 })).toBe(
      'The file is too large. Please select file no larger than 10 MB',
    );
    expect(i18n.t('validation.fileTooLarge')).toBe(en.validation.fileTooLarge);
    expect(i18n.t('validation.fileTooLarge', { other: 1 })).toBe(en.validation.fileTooLarge);
  });

  it('picks the English plural form by count, and the single Thai form', async () => {
    await loadMemberTexts();
    await changeLocale('en');
    expect(i18n.t('time.daysAgo', { count: 1 })).toBe('1 day ago');
    expect(i18n.t('time.daysAgo', { count: 3 })).toBe('3 days ago');
    await changeLocale('th');
    expect(i18n.t('time.daysAgo', { count: 1 })).toBe(memberTh.time.daysAgo_other.replace('{{count}}', '1'));
  });

  it('shows a missing key as the key, and tells whether a key exists', async () => {
    await changeLocale('en');
    const unknown = 'errors.NOT_A_CODE';
    expect(i18n.t(unknown as 'errors.OK')).toBe(unknown);
    expect(i18n.exists(unknown)).toBe(false);
    expect(i18n.exists('errors.OK')).toBe(true);
  });

  it('follows the language in <html lang>, in storage and in the cookie the server reads', async () => {
    await changeLocale('lo');
    expect(document.documentElement.lang).toBe('lo');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('lo');
    expect(document.cookie).toContain('locale=lo');
    expect(currentLocale()).toBe('lo');
  });

  it('renders components again with a new t when the language changes', async () => {
    await changeLocale('en');
    const seen: TFunction[] = [];
    function Title() {
      const { t, i18n: state } = useTranslation();
      seen.push(t);
      return <p lang={state.language}>{t('notFound.title')}</p>;
    }
    render(<Title />);
    expect(screen.getByText('Page Not Found')).toHaveAttribute('lang', 'en');
    await act(() => changeLocale('th'));
    expect(screen.getByText(th.notFound.title)).toHaveAttribute('lang', 'th');
    expect(new Set(seen).size).toBe(2);
  });
});
