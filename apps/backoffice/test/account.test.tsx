import type { OperatorSession } from '@member-wallet/contract/backoffice/operator-accounts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentPath, renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const SESSIONS: OperatorSession[] = [
  {
    id: 's1',
    createdAt: '2026-11-23T01:00:00.000Z',
    expiresAt: '2026-11-23T13:00:00.000Z',
    ip: '10.0.0.5',
    userAgent: CHROME_WINDOWS,
    current: true,
  },
  {
    id: 's2',
    createdAt: '2026-11-22T17:05:09.000Z',
    expiresAt: '2026-11-23T05:05:09.000Z',
    ip: '203.0.113.9',
    userAgent: SAFARI_IPHONE,
    current: false,
  },
  {
    id: 's3',
    createdAt: '2026-11-22T10:00:00.000Z',
    expiresAt: '2026-11-22T22:00:00.000Z',
    ip: null,
    userAgent: null,
    current: false,
  },
];

let sessions: OperatorSession[];
let sessionReads: number;
let ended: string[];
let profileSent: unknown[];

beforeEach(() => {
  sessions = SESSIONS;
  sessionReads = 0;
  ended = [];
  profileSent = [];
  server.use(
    http.get('*/backoffice/api/auth/sessions', () => {
      sessionReads += 1;
      return HttpResponse.json({ sessions });
    }),
    http.delete('*/backoffice/api/auth/sessions/:id', ({ params }) => {
      ended.push(String(params.id));
      sessions = sessions.filter((session) => session.id !== params.id);
      return HttpResponse.json({ message: 'OK' });
    }),
    http.put('*/backoffice/api/auth/me', async ({ request }) => {
      const body = (await request.json()) as { displayName: string | null };
      profileSent.push(body);
      return HttpResponse.json({ ...OPERATOR, displayName: body.displayName });
    }),
  );
});

describe('my account', () => {
  it('is in the menu of every role, and the name in the header leads to it', async () => {
    const { user } = renderApp('/withdrawals');
    await user.click(await screen.findByRole('link', { name: 'My account, signed in as alice' }));
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
    expect(currentPath()).toBe('/backoffice/account');
    expect(screen.getByText('You sign in as alice (Finance).')).toBeInTheDocument();
  });

  it('saves the display name, which the header shows, and an empty one clears it', async () => {
    const { user } = renderApp('/account');
    const card = await screen.findByTestId('display-name');
    expect(card).toHaveTextContent('Members see this name in chat instead of “Admin”.');
    const field = within(card).getByLabelText('Display name');
    await user.type(field, '  Alice S. ');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    expect(profileSent).toEqual([{ displayName: 'Alice S.' }]);
    expect(screen.getByTestId('operator')).toHaveTextContent('alice· Alice S.');

    await user.clear(field);
    expect(within(card).queryByText('Saved')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(profileSent).toEqual([{ displayName: 'Alice S.' }, { displayName: null }]));
    await waitFor(() => expect(screen.getByTestId('operator')).not.toHaveTextContent('Alice S.'));
  });

  it('lists the signed-in devices, this one marked and not to be ended', async () => {
    renderApp('/account');
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(3);
    const [current, phone, unknown] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(current).toHaveTextContent('Chrome on Windows');
    expect(current).toHaveTextContent('This device');
    expect(current).toHaveTextContent('Signed in 23/11/2026 08:00:00');
    expect(current).toHaveTextContent('Address 10.0.0.5');
    expect(within(current).queryByRole('button')).toBeNull();
    expect(phone).toHaveTextContent('Safari on iOS');
    expect(phone).not.toHaveTextContent('This device');
    expect(unknown).toHaveTextContent('Unknown device');
    expect(unknown).toHaveTextContent('Address unknown');
  });

  it('ends another session after a confirmation, and reads the list again', async () => {
    const { user } = renderApp('/account');
    await screen.findAllByTestId('session-row');
    await user.click(
      screen.getByRole('button', { name: 'End the session of Safari on iOS, signed in 23/11/2026 00:05:09' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'End this session?' });
    expect(dialog).toHaveTextContent('Safari on iOS (signed in 23/11/2026 00:05:09) is signed out at once');
    expect(ended).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ended).toEqual(['s2']);
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));
    expect(sessionReads).toBe(2);
    expect(screen.getByText('Session ended')).toBeInTheDocument();
  });

  it('shows a refusal to end a session translated', async () => {
    server.use(
      http.delete('*/backoffice/api/auth/sessions/:id', () =>
        HttpResponse.json({ message: 'NO_DATA' }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/account');
    await screen.findAllByTestId('session-row');
    await user.click(
      screen.getByRole('button', { name: 'End the session of Safari on iOS, signed in 23/11/2026 00:05:09' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'End this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'End' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not found.');
  });
});
