import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMemberTexts } from '../i18n/i18n.ts';
import en from '../i18n/member/en.json';
import { setAppEvents } from '../lib/app-events.ts';
import { AppStatus } from './app-status.tsx';

/** The installable app's offline screen and update prompt (docs/app.md). */
describe('AppStatus', () => {
  beforeEach(() => loadMemberTexts());
  afterEach(() => setAppEvents({ online: true, update: null }));

  it('covers the app with the offline screen while offline, and goes when the network is back', () => {
    render(<AppStatus />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => setAppEvents({ online: false }));
    const offline = screen.getByRole('alertdialog', { name: en.device.offline.title });
    expect(offline).toHaveAccessibleDescription(en.device.offline.body);
    act(() => setAppEvents({ online: true }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('offers the waiting version, which takes over only when the member presses Reload', async () => {
    const takeOver = vi.fn();
    render(<AppStatus />);
    act(() => setAppEvents({ update: takeOver }));
    expect(screen.getByRole('status')).toHaveTextContent(en.device.update.available);
    expect(takeOver).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: en.device.update.reload }));
    expect(takeOver).toHaveBeenCalledOnce();
  });
});
