import type { OperatorSummary, OperatorWithLink } from '@member-wallet/contract/backoffice/operator-accounts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

const ADMIN = { id: '1', username: 'root', displayName: null, role: 'admin' as const };
const TOKEN = 'Fj3kL9mQ2xV7pR4tW8yZ1bN6cD0eG5hJ-_aSdQwErTy';
const NEW_TOKEN = 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp-_OoNnMmLlK';

function operator(overrides: Partial<OperatorSummary>): OperatorSummary {
  return {
    id: '0',
    username: 'someone',
    displayName: null,
    role: 'support',
    state: 'active',
    createdAt: '2026-11-01T03:00:00.000Z',
    lastSignInAt: '2026-11-22T17:05:09.000Z',
    enrolmentExpiresAt: null,
    pendingRole: null,
    ...overrides,
  };
}

const OPERATORS: OperatorSummary[] = [
  operator({ id: '1', username: 'root', role: 'admin' }),
  operator({ id: '6', username: 'ann', role: 'admin' }),
  operator({ id: '2', username: 'bob', role: 'finance', displayName: 'Bob K.', lastSignInAt: null }),
  operator({
    id: '3',
    username: 'carol',
    state: 'enrolling',
    lastSignInAt: null,
    enrolmentExpiresAt: '2099-01-01T00:00:00.000Z',
  }),
  operator({ id: '4', username: 'dave', state: 'enrolling', lastSignInAt: null, enrolmentExpiresAt: null }),
  operator({ id: '5', username: 'erin', state: 'disabled' }),
];

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

let sent: Sent[];
let lists: number;

async function record(request: Request): Promise<void> {
  const text = await request.text();
  sent.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
}

function withLink(summary: OperatorSummary, token: string): OperatorWithLink {
  return {
    operator: summary,
    enrolment: { link: `/backoffice/enrol#${token}`, expiresAt: '2026-11-24T03:00:00.000Z' },
  };
}

beforeEach(() => {
  sent = [];
  lists = 0;
  server.use(
    http.get('*/backoffice/api/auth/me', () => HttpResponse.json(ADMIN)),
    http.get('*/backoffice/api/operators', () => {
      lists += 1;
      return HttpResponse.json({ operators: OPERATORS });
    }),
  );
});

function row(username: string): HTMLElement {
  const found = screen
    .getAllByTestId('operator-row')
    .find((each) => within(each).queryByText(username, { exact: true }) !== null);
  if (!found) throw new Error(`no row for ${username}`);
  return found;
}

describe('operators', () => {
  it('lists every operator with role, state, enrolment link and last sign-in', async () => {
    renderApp('/operators');
    expect(await screen.findByRole('heading', { name: 'Operators' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('operator-row')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'Operators' })).toHaveAttribute('aria-current', 'page');

    const root = row('root');
    expect(root).toHaveTextContent('You');
    expect(root).toHaveTextContent('Administrator');
    expect(root).toHaveTextContent('23/11/2026 00:05:09');
    // Their own row: only the display name, never role, state or reset.
    expect(within(root).queryByRole('button', { name: /Change role/ })).toBeNull();
    expect(within(root).queryByRole('button', { name: /Disable/ })).toBeNull();
    expect(within(root).queryByRole('button', { name: /Reset/ })).toBeNull();
    expect(within(root).getByRole('button', { name: 'Edit display name root' })).toBeInTheDocument();

    const bob = row('bob');
    expect(bob).toHaveTextContent('Bob K.');
    expect(bob).toHaveTextContent('Finance');
    expect(bob).toHaveTextContent('Active');
    expect(bob).toHaveTextContent('Never');
    expect(within(bob).getByRole('link', { name: 'History of bob' })).toHaveAttribute(
      'href',
      '/backoffice/audit?target=operator%3A2',
    );
    expect(within(bob).getByRole('link', { name: 'Actions by bob' })).toHaveAttribute(
      'href',
      '/backoffice/audit?actor=bob',
    );

    expect(row('carol')).toHaveTextContent('Waiting for enrolment');
    expect(row('carol')).toHaveTextContent('Link works until 01/01/2099 07:00:00');
    expect(row('dave')).toHaveTextContent('Waiting for enrolment');
    expect(row('dave')).toHaveTextContent('The link has expired: reset to make a new one');
    expect(row('erin')).toHaveTextContent('Disabled');
    expect(within(row('erin')).getByRole('button', { name: 'Enable erin' })).toBeInTheDocument();
    expect(within(row('bob')).getByRole('button', { name: 'Disable bob' })).toBeInTheDocument();
  });

  it('creates an operator and shows the absolute enrolment link once', async () => {
    server.use(
      http.post('*/backoffice/api/operators', async ({ request }) => {
        await record(request);
        return HttpResponse.json(
          withLink(operator({ id: '9', username: 'new.op', state: 'enrolling', lastSignInAt: null }), TOKEN),
        );
      }),
    );
    const { user } = renderApp('/operators');
    await screen.findAllByTestId('operator-row');
    await user.click(screen.getByRole('button', { name: 'New operator' }));
    const form = screen.getByRole('dialog', { name: 'New operator' });
    await user.click(within(form).getByRole('button', { name: 'Create and make a link' }));
    expect(within(form).getByText('Required')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Username'), 'no way');
    await user.click(within(form).getByRole('button', { name: 'Create and make a link' }));
    expect(within(form).getByText('3 to 32 lower-case letters, digits, dots, hyphens or underscores')).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(within(form).getByLabelText('Username'));
    await user.type(within(form).getByLabelText('Username'), ' New.Op ');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Finance');
    await user.type(within(form).getByLabelText('Display name (optional)'), ' Noi ');
    await user.click(within(form).getByRole('button', { name: 'Create and make a link' }));

    const shown = await screen.findByRole('dialog', { name: 'Enrolment link for new.op' });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/backoffice/api/operators',
        body: { username: 'new.op', role: 'finance', displayName: 'Noi' },
      },
    ]);
    const absolute = `${window.location.origin}/backoffice/enrol#${TOKEN}`;
    const field = within(shown).getByLabelText('Enrolment link');
    expect(field).toHaveValue(absolute);
    expect(field).toHaveAttribute('readonly');
    expect(shown).toHaveTextContent('Hand this link to new.op privately');
    expect(shown).toHaveTextContent('Works once, until 24/11/2026 10:00:00');
    await user.click(within(shown).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(absolute);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await waitFor(() => expect(lists).toBe(2));

    await user.click(within(shown).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByDisplayValue(absolute)).toBeNull();
    expect(document.body.innerHTML).not.toContain(TOKEN);
    expect(screen.getByRole('status')).toHaveTextContent('new.op was created: hand them the link');
  });

  it('shows a taken username translated', async () => {
    server.use(
      http.post('*/backoffice/api/operators', () => HttpResponse.json({ message: 'OPERATOR_EXISTS' }, { status: 409 })),
    );
    const { user } = renderApp('/operators');
    await screen.findAllByTestId('operator-row');
    await user.click(screen.getByRole('button', { name: 'New operator' }));
    const form = screen.getByRole('dialog', { name: 'New operator' });
    await user.type(within(form).getByLabelText('Username'), 'bob');
    await user.click(within(form).getByRole('button', { name: 'Create and make a link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('An operator with this username exists already.');
  });

  it('disables after a confirmation that says sessions end, and shows LAST_ADMIN translated', async () => {
    server.use(
      http.put('*/backoffice/api/operators/:id', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ message: 'LAST_ADMIN' }, { status: 409 });
      }),
    );
    const { user } = renderApp('/operators');
    await screen.findAllByTestId('operator-row');
    await user.click(within(row('ann')).getByRole('button', { name: 'Disable ann' }));
    const dialog = screen.getByRole('dialog', { name: 'Disable ann?' });
    expect(dialog).toHaveTextContent('ann can no longer sign in, and every session they have ends at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This would leave no active administrator. Make another operator an administrator first.',
    );
    expect(sent).toEqual([{ method: 'PUT', path: '/backoffice/api/operators/6', body: { active: false } }]);
  });

  it('changes a role with PUT {role}', async () => {
    server.use(
      http.put('*/backoffice/api/operators/:id', async ({ request }) => {
        await record(request);
        return HttpResponse.json(operator({ id: '2', username: 'bob', role: 'support' }));
      }),
    );
    const { user } = renderApp('/operators');
    await screen.findAllByTestId('operator-row');
    await user.click(within(row('bob')).getByRole('button', { name: 'Change role bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the role of bob' });
    expect(within(dialog).getByRole('button', { name: 'Change role' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('New role'), 'Support');
    expect(dialog).toHaveTextContent('Members and chat.');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ method: 'PUT', path: '/backoffice/api/operators/2', body: { role: 'support' } }]);
    expect(screen.getByRole('status')).toHaveTextContent('bob is Support now');
    await waitFor(() => expect(lists).toBe(2));
  });

  it('edits a display name, an empty one clearing it', async () => {
    server.use(
      http.put('*/backoffice/api/operators/:id', async ({ request }) => {
        await record(request);
        return HttpResponse.json(operator({ id: '2', username: 'bob' }));
      }),
    );
    const { user } = renderApp('/operators');
    await screen.findAllByTestId('operator-row');
    await user.click(within(row('bob')).getByRole('button', { name: 'Edit display name bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Display name of bob' });
    expect(within(dialog).getByLabelText('Display name')).toHaveValue('Bob K.');
    await user.clear(within(dialog).getByLabelText('Display name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ method: 'PUT', path: '/backoffice/api/operators/2', body: { displayName: null } }]);
  });

  it('resets an operator after a warning, and shows their new link', async () => {
    server.use(
      http.post('*/backoffice/api/operators/:id/reset', async ({ request }) => {
        await record(request);
        return HttpResponse.json(withLink(operator({ id: '3', username: 'carol', state: 'enrolling' }), NEW_TOKEN));
      }),
    );
    const { user } = renderApp('/operators');
    await screen.findAllByTestId('operator-row');
    await user.click(within(row('carol')).getByRole('button', { name: 'Reset password and authenticator carol' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset carol?' });
    expect(dialog).toHaveTextContent(
      'The password and authenticator of carol stop working now and their sessions end; they enrol again from a new link.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset and make a link' }));
    const shown = await screen.findByRole('dialog', { name: 'Enrolment link for carol' });
    expect(within(shown).getByLabelText('Enrolment link')).toHaveValue(
      `${window.location.origin}/backoffice/enrol#${NEW_TOKEN}`,
    );
    expect(sent).toEqual([{ method: 'POST', path: '/backoffice/api/operators/3/reset', body: null }]);
  });

  it('is for admins only', async () => {
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json(OPERATOR)));
    renderApp('/operators');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators may see this page.');
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
    expect(lists).toBe(0);
  });
});
