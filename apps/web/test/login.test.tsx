import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from './render-app.tsx';
import { server } from './server.ts';

function recordLogins() {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/login', async ({ request }) => {
      const body = (await request.json()) as { username: string; password: string };
      bodies.push(body);
      if (body.password !== 'secret123') return HttpResponse.json({ message: 'WRONG_CREDENTIAL' }, { status: 400 });
      return HttpResponse.json({ token: 'tok-abc', expiresAt: '2030-01-01T00:00:00.000Z' });
    }),
  );
  return bodies;
}

async function fillLogin(user: ReturnType<typeof renderApp>['user'], password: string) {
  await user.type(await screen.findByLabelText('Phone number'), '0812345678');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('/login', () => {
  it('has the fields the browser and password managers expect', async () => {
    renderApp('/login');
    const username = await screen.findByLabelText('Phone number');
    expect(username).toHaveAttribute('name', 'username');
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(username).toHaveAttribute('inputmode', 'tel');
    // A text field with the phone keypad: `username` is no autofill name of a `type=tel` field (HTML's autofill
    // rules; HTML_CodeSniffer flags the pair), and password managers need `username` to pair it with the password.
    expect(username).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
  });

  it('sends nothing while a field is empty, and clears the message on input', async () => {
    const bodies = recordLogins();
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter your phone number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '0');
    expect(screen.queryByText('Please enter your phone number.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('shows WRONG_CREDENTIAL translated, and clears it on input', async () => {
    recordLogins();
    const { user } = renderApp('/login');
    await fillLogin(user, 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong phone number or password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Wrong phone number or password.')).not.toBeInTheDocument();
  });

  it('keeps the token for the session only when not remembered', async () => {
    const bodies = recordLogins();
    const { user } = renderApp('/login');
    await fillLogin(user, 'secret123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath()).toBe('/user/home'));
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBe('tok-abc');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(bodies).toEqual([{ username: '0812345678', password: 'secret123', remember: false }]);
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai' })).toBeInTheDocument();
  });

  it('keeps the token in localStorage when remembered', async () => {
    recordLogins();
    const { user } = renderApp('/login');
    await fillLogin(user, 'secret123');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath()).toBe('/user/home'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-abc');
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
