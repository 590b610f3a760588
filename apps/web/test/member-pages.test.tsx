import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../src/i18n/i18n.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

function member(path: string, options: Parameters<typeof renderApp>[1] = {}) {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  return renderApp(path, options);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('profile', () => {
  it('shows the profile read-only, the account number grouped 3-3-rest', async () => {
    localStorage.setItem(STORAGE_KEYS.agreement, 'true');
    member('/user/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('123-456-7890')).toBeInTheDocument();
    // The bank in the reader's language: English, Thai or Lao.
    expect(screen.getByText('Kasikornbank')).toBeInTheDocument();
    expect(screen.getByText('SOMCHAI JAIDEE')).toBeInTheDocument();
    expect(screen.getByText('AB12CD34')).toBeInTheDocument();
    expect(screen.getByText('01/01/2025')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    await act(() => changeLocale('th'));
    expect(await screen.findByText('ธนาคารกสิกรไทย')).toBeInTheDocument();
    await act(() => changeLocale('lo'));
    expect(await screen.findByText('ທະນາຄານກະສິກອນໄທ')).toBeInTheDocument();
  });

  it('refuses the current password, or one containing the phone, as the new one without sending', async () => {
    localStorage.setItem(STORAGE_KEYS.agreement, 'true');
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/account/changepwd', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { message: 'PASSWORD_TOO_COMMON', fields: { newPassword: 'PASSWORD_TOO_COMMON' } },
          { status: 400 },
        );
      }),
    );
    const { user } = member('/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    const fill = async (current: string, next: string) => {
      for (const label of ['Current password', 'New password', 'Confirm new password']) {
        await user.clear(within(dialog).getByLabelText(label));
      }
      await user.type(within(dialog).getByLabelText('Current password'), current);
      await user.type(within(dialog).getByLabelText('New password'), next);
      await user.type(within(dialog).getByLabelText('Confirm new password'), next);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    };
    await fill('old-secret', 'old-secret');
    expect(
      within(dialog).getByText('The new password must be different from your current password.'),
    ).toBeInTheDocument();
    await fill('old-secret', 'my0812345678');
    expect(within(dialog).getByText('The password must not contain your phone number.')).toBeInTheDocument();
    await fill('old-secret', 'short12');
    expect(within(dialog).getByText('The password must have at least 8 characters.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await fill('old-secret', 'iloveyou');
    expect(
      await within(dialog).findByText('This password is too common and easy to guess. Please choose another.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ oldPassword: 'old-secret', newPassword: 'iloveyou' }]);
  });

  it('refuses a mismatched confirmation without sending, then changes the password', async () => {
    localStorage.setItem(STORAGE_KEYS.agreement, 'true');
    const sent: unknown[] = [];
    server.use(
      http.put('*/api/account/changepwd', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'OK' });
      }),
    );
    const { user } = member('/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please enter your current password.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a new password.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Current password'), 'old-secret');
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret-1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-secret-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('The new password and its confirmation do not match.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Confirm new password'));
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(sent).toEqual([{ oldPassword: 'old-secret', newPassword: 'new-secret-1' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveFocus();
  });
});

describe('member menu', () => {
  it('opens the conditions with the operator text sanitized', async () => {
    localStorage.setItem(STORAGE_KEYS.agreement, 'true');
    server.use(
      http.get('*/api/lookup/conditions', () =>
        HttpResponse.json(['<p>Turnover <b>3x</b><img src=x onerror="alert(1)"></p>', '<p>One bonus at a time</p>']),
      ),
    );
    const { user } = member('/user/home');
    await screen.findByRole('heading', { name: 'Hello, Somchai' });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/user/profile');
    await user.click(within(menu).getByRole('button', { name: 'Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conditions' });
    expect(await within(dialog).findByText('One bonus at a time')).toBeInTheDocument();
    expect(within(dialog).getByText('3x').tagName).toBe('B');
    expect(dialog.querySelector('img')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('first-visit agreement', () => {
  it('opens 1.5 s after a member page loads, and closing it records acceptance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = member('/user/home', { advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Hello, Somchai' });
    expect(screen.queryByRole('dialog', { name: 'Member agreement' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Member agreement' });
    expect(await within(dialog).findByText('I am over 18 years old')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I agree' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.agreement)).not.toBeNull();
  });

  it('stays closed once accepted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(STORAGE_KEYS.agreement, 'true');
    member('/user/home', { advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Hello, Somchai' });
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('records acceptance when closed with Escape too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = member('/user/profile', { advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('heading', { name: 'Profile' });
    act(() => {
      vi.advanceTimersByTime(1_500);
    });
    await screen.findByRole('dialog', { name: 'Member agreement' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.agreement)).not.toBeNull();
  });
});
