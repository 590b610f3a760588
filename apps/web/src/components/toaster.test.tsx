import { DELAY_MS } from '@member-wallet/contract/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, loadMemberTexts } from '../i18n/i18n.ts';
import { clearToasts, showToast } from '../lib/toast-store.ts';
import { Toaster } from './toaster.tsx';

beforeEach(async () => {
  await loadMemberTexts();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows a toast for its whole time counted from when it is first on screen, not from when it was raised', () => {
    // An answer refused before the app's first render (an early GET) raises its toast while nothing shows it yet.
    showToast('error', 'Your session has ended');
    act(() => vi.advanceTimersByTime(DELAY_MS.errorToast + 1_000));
    render(<Toaster />);
    expect(screen.getByText('Your session has ended')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(DELAY_MS.errorToast - 1));
    expect(screen.getByText('Your session has ended')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Your session has ended')).not.toBeInTheDocument();
  });

  it('a toast raised while shown goes after its own time; the one before it keeps its own', () => {
    render(<Toaster />);
    act(() => void showToast('success', 'first'));
    act(() => vi.advanceTimersByTime(1_000));
    act(() => void showToast('error', 'second', 10_000));
    act(() => vi.advanceTimersByTime(DELAY_MS.errorToast - 1_000));
    expect(screen.queryByText('first')).not.toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000 - DELAY_MS.errorToast + 1_000));
    expect(screen.queryByText('second')).not.toBeInTheDocument();
  });

  it('a toast raised by its key before the texts of the language are in shows them once they are, and follows a switch', async () => {
    // The early GET is refused while the page's language (Lao here) is still downloading: the texts in memory
    // then are another language's.
    showToast('error', { key: 'auth.sessionEnded' });
    await act(() => changeLocale('lo'));
    render(<Toaster />);
    expect(screen.getByText('ເຊດຊັນຂອງທ່ານໝົດອາຍຸແລ້ວ ກະລຸນາເຂົ້າສູ່ລະບົບອີກຄັ້ງ')).toBeInTheDocument();
    await act(() => changeLocale('en'));
    expect(screen.getByText('Your session has ended. Please log in again.')).toBeInTheDocument();
  });
});
