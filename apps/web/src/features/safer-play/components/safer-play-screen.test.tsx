import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import type { LimitView } from '@member-wallet/contract/safer-play';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../test/server.ts';
import { Toaster } from '../../../components/toaster.tsx';
import { loadMemberTexts } from '../../../i18n/i18n.ts';
import { SaferPlayScreen } from './safer-play-screen.tsx';

beforeEach(async () => {
  await loadMemberTexts();
});

const none: LimitView = { amount: null, used: 0, left: null, pending: null };

function limits(overrides: Record<string, unknown> = {}) {
  return {
    message: 'SUCCESS',
    currency: 'BAHT',
    deposit: {
      day: { amount: 500, used: 100, left: 400, pending: { amount: 2000, from: '2026-05-02T03:00:00.000Z' } },
      week: none,
      month: none,
    },
    loss: { day: none, week: none, month: none },
    ...overrides,
  };
}

/** Answers the screen's loads; returns the bodies of the calls that change something. */
function serve() {
  const sent: { path: string; body: unknown }[] = [];
  const record = async (path: string, request: Request) => sent.push({ path, body: await request.json() });
  server.use(
    http.get('*/api/rg/limits', () => HttpResponse.json(limits())),
    http.get('*/api/rg/activity', () =>
      HttpResponse.json({
        currency: 'BAHT',
        months: [{ month: '2026-04', deposits: 1500, withdrawals: 200, netResult: -350.5, minutesLoggedIn: 125 }],
      }),
    ),
    http.put('*/api/rg/limits', async ({ request }) => {
      await record('limits', request);
      return HttpResponse.json(limits({ message: 'LIMIT_COOLING_OFF' }));
    }),
    http.post('*/api/rg/timeout', async ({ request }) => {
      await record('timeout', request);
      const block = {
        kind: 'timeout',
        startedAt: '2026-05-01T00:00:00.000Z',
        endsAt: '2026-05-08T00:00:00.000Z',
        ended: false,
        reopenRequestedAt: null,
        reopensAt: null,
      };
      return HttpResponse.json({ message: 'SUCCESS', block });
    }),
  );
  return sent;
}

function renderScreen() {
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/user/safer-play']}>
        <Routes>
          <Route path="/user/safer-play" element={<SaferPlayScreen />} />
          <Route path="/login" element={<h1>Login page</h1>} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, client };
}

describe('the limits', () => {
  it('show what is in force, used and left, and a waiting raise with its date, prefilled', async () => {
    serve();
    renderScreen();
    const deposits = await screen.findByRole('group', { name: 'Deposit limits' });
    const field = within(deposits).getByRole('textbox', { name: 'Per day' });
    expect(field).toHaveValue('2000.00');
    expect(deposits).toHaveTextContent('In force: ฿500.00 · used ฿100.00 · left ฿400.00');
    expect(deposits).toHaveTextContent('Changes to ฿2,000.00, applies from 02/05/2026 10:00:00');
  });

  it('send empty fields as null and say the change waits when the server answers LIMIT_COOLING_OFF', async () => {
    const sent = serve();
    const { user } = renderScreen();
    const losses = await screen.findByRole('group', { name: 'Loss limits' });
    await user.type(within(losses).getByRole('textbox', { name: 'Per week' }), '3000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Raising or removing a limit takes effect after 24 hours.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        path: 'limits',
        body: { deposit: { day: 2000, week: null, month: null }, loss: { day: null, week: 3000, month: null } },
      },
    ]);
  });

  it('send nothing while an amount is invalid', async () => {
    const sent = serve();
    const { user } = renderScreen();
    const deposits = await screen.findByRole('group', { name: 'Deposit limits' });
    const field = within(deposits).getByRole('textbox', { name: 'Per day' });
    await user.clear(field);
    await user.type(field, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(field).toHaveAccessibleDescription('Enter an amount above 0 with at most 2 decimals, or leave it empty.');
    expect(sent).toEqual([]);
  });
});

describe('a time-out', () => {
  it('is confirmed twice, then ends the session here and goes to /login', async () => {
    const sent = serve();
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-abc');
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: '7 days' }));
    const first = screen.getByRole('dialog', { name: 'Time-out: 7 days' });
    expect(first).toHaveTextContent('You can still log in to withdraw your balance.');
    expect(first).toHaveTextContent('It cannot be lifted early.');
    await user.click(within(first).getByRole('button', { name: 'I understand, continue' }));
    const final = screen.getByRole('dialog', { name: 'Final confirmation' });
    expect(sent).toEqual([]);
    await user.click(within(final).getByRole('button', { name: 'Yes, start my time-out' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
    expect(sent).toEqual([{ path: 'timeout', body: { days: 7 } }]);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('sends nothing when the second confirmation is cancelled', async () => {
    const sent = serve();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Permanently' }));
    await user.click(screen.getByRole('button', { name: 'I understand, continue' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);
  });
});

describe('the activity statement', () => {
  it('lists each month with its money and the time logged in as hours and minutes', async () => {
    serve();
    renderScreen();
    const row = await screen.findByRole('row', { name: /04\/2026/ });
    expect(row).toHaveTextContent('฿1,500.00');
    expect(row).toHaveTextContent('฿200.00');
    expect(row).toHaveTextContent('-฿350.50');
    expect(row).toHaveTextContent('2 h 05 min');
  });
});
