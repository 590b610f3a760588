import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/server.ts';
import { loadMemberTexts } from '../../../i18n/i18n.ts';
import { RealityCheck } from './reality-check-dialog.tsx';

const MINUTE = 60_000;
const STARTED = Date.parse('2026-05-01T10:00:00.000Z');

beforeEach(async () => {
  await loadMemberTexts();
  // Only the dialog's timer is faked; the clock it reads is the test's own (`now` below).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

function serve(minutes: number | null, netResult = -120.5) {
  server.use(
    http.get('*/api/rg/status', () =>
      HttpResponse.json({
        currency: 'BAHT',
        realityCheckMinutes: minutes,
        block: null,
        session: { startedAt: new Date(STARTED).toISOString(), netResult },
      }),
    ),
  );
}

function renderCheck(clock: { time: number }, onLogout = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RealityCheck onLogout={onLogout} now={() => clock.time} />
    </QueryClientProvider>,
  );
  return onLogout;
}

/** Moves the test's clock and the faked timers on together. */
async function pass(clock: { time: number }, ms: number) {
  clock.time += ms;
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('the reality check', () => {
  it('opens every interval counted from the session start, with the time and the session result', async () => {
    serve(30);
    // The page opens 20 minutes into the session: the first check is 10 minutes away.
    const clock = { time: STARTED + 20 * MINUTE };
    renderCheck(clock);
    await waitFor(() => expect(vi.getTimerCount()).toBe(1));
    await pass(clock, 9 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
    await pass(clock, 1 * MINUTE);
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog).toHaveTextContent('You have been logged in for 0 h 30 min.');
    expect(dialog).toHaveTextContent('Your result this session: -฿120.50');
    await act(async () => within(dialog).getByRole('button', { name: 'Continue' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    await pass(clock, 30 * MINUTE);
    expect(await screen.findByRole('dialog')).toHaveTextContent('You have been logged in for 1 h 00 min.');
  });

  it('offers to log out', async () => {
    serve(60);
    const clock = { time: STARTED };
    const onLogout = renderCheck(clock);
    await waitFor(() => expect(vi.getTimerCount()).toBe(1));
    await pass(clock, 60 * MINUTE);
    await act(async () => screen.getByRole('button', { name: 'Log out' }).click());
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('never opens when it is off', async () => {
    serve(null);
    const clock = { time: STARTED };
    renderCheck(clock);
    await pass(clock, 24 * 60 * MINUTE);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
