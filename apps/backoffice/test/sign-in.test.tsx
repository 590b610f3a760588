import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { OPERATOR_TOKEN_KEY } from '../src/lib/session.ts';
import { currentPath, renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  values: { username: string; password: string; totp: string },
) {
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.totp) await user.type(screen.getByLabelText('Authenticator code'), values.totp);
}

describe('sign-in', () => {
  it('sends an operator without a token to sign-in', async () => {
    renderApp('/withdrawals', { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/backoffice/sign-in');
  });

  it('asks the code as a one-time code on the numeric keyboard', async () => {
    renderApp('/sign-in', { signedIn: false });
    const code = await screen.findByLabelText('Authenticator code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('checks the fields before sending anything', async () => {
    let sent = 0;
    server.use(
      http.post('*/backoffice/api/auth/login', () => {
        sent += 1;
        return HttpResponse.json({ message: 'WRONG_CREDENTIAL' }, { status: 401 });
      }),
    );
    const { user } = renderApp('/sign-in', { signedIn: false });
    await screen.findByLabelText('Username');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Required')).toHaveLength(3);
    await fill(user, { username: 'A b', password: 'secret', totp: '12a34' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('3 to 32 lower-case letters, digits, dots, hyphens or underscores')).toBeInTheDocument();
    // Letters cannot be typed into the code; four digits are not enough.
    expect(screen.getByLabelText('Authenticator code')).toHaveValue('1234');
    expect(screen.getByText('Enter the 6 digits')).toBeInTheDocument();
    expect(sent).toBe(0);
  });

  it('shows the refusal translated, in English and in Thai', async () => {
    server.use(
      http.post('*/backoffice/api/auth/login', () =>
        HttpResponse.json({ message: 'WRONG_CREDENTIAL' }, { status: 401 }),
      ),
    );
    const { user } = renderApp('/sign-in', { signedIn: false });
    await screen.findByLabelText('Username');
    await fill(user, { username: 'alice', password: 'correct horse battery', totp: '123456' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The username, password or code is wrong.');
    expect(sessionStorage.getItem(OPERATOR_TOKEN_KEY)).toBeNull();

    server.use(
      http.post('*/backoffice/api/auth/login', () =>
        HttpResponse.json({ message: 'REQUEST_LIMIT_1MIN' }, { status: 429 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'ไทย' }));
    expect(document.documentElement.lang).toBe('th');
    await user.click(screen.getByRole('button', { name: 'เข้าสู่ระบบ' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('ลองหลายครั้งเกินไป กรุณารอหนึ่งนาทีแล้วลองใหม่'));
  });

  it('stores the token apart from the member token and opens the dashboard', async () => {
    let body: unknown;
    server.use(
      http.post('*/backoffice/api/auth/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'op_fresh', expiresAt: '2026-11-23T12:00:00.000Z', operator: OPERATOR });
      }),
    );
    const { user } = renderApp('/sign-in', { signedIn: false });
    await screen.findByLabelText('Username');
    await fill(user, { username: ' Alice ', password: 'correct horse battery', totp: '123456' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(body).toEqual({ username: 'alice', password: 'correct horse battery', totp: '123456' });
    expect(sessionStorage.getItem(OPERATOR_TOKEN_KEY)).toBe('op_fresh');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/backoffice/dashboard');
  });

  it('returns to the page asked for once signed in', async () => {
    server.use(
      http.post('*/backoffice/api/auth/login', () =>
        HttpResponse.json({ token: 'op_fresh', expiresAt: '2026-11-23T12:00:00.000Z', operator: OPERATOR }),
      ),
    );
    const { user } = renderApp('/withdrawals?review=rejected', { signedIn: false });
    await screen.findByLabelText('Username');
    expect(currentPath()).toBe('/backoffice/sign-in');
    await fill(user, { username: 'alice', password: 'correct horse battery', totp: '123456' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Withdrawals' })).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/backoffice/withdrawals?review=rejected');
  });

  it('shows who is signed in with which role, and signs out', async () => {
    let loggedOut = false;
    server.use(
      http.post('*/backoffice/api/auth/logout', ({ request }) => {
        loggedOut = request.headers.get('authorization') === 'Bearer op_test-token';
        return HttpResponse.json({ message: 'OK' });
      }),
    );
    const { user } = renderApp('/withdrawals');
    expect(await screen.findByTestId('operator')).toHaveTextContent('alice Finance');
    expect(screen.getByRole('link', { name: 'Withdrawals' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(loggedOut).toBe(true);
    expect(sessionStorage.getItem(OPERATOR_TOKEN_KEY)).toBeNull();
  });

  it('leaves an idle page for sign-in when the window regains focus after the operator was disabled', async () => {
    let asked = 0;
    server.use(
      http.get('*/backoffice/api/auth/me', () => {
        asked += 1;
        return asked === 1
          ? HttpResponse.json(OPERATOR)
          : HttpResponse.json({ message: 'invalid-token' }, { status: 401 });
      }),
    );
    renderApp('/withdrawals');
    expect(await screen.findByTestId('operator')).toHaveTextContent('alice');
    expect(asked).toBe(1);
    // Back to the tab: the profile is asked again although it is fresh, and the ended session shows.
    window.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(asked).toBe(2);
    expect(sessionStorage.getItem(OPERATOR_TOKEN_KEY)).toBeNull();
  });

  it('leaves a page left open for sign-in within a minute of the operator being disabled', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    try {
      let disabled = false;
      server.use(
        http.get('*/backoffice/api/auth/me', () =>
          disabled ? HttpResponse.json({ message: 'invalid-token' }, { status: 401 }) : HttpResponse.json(OPERATOR),
        ),
      );
      renderApp('/withdrawals');
      expect(await screen.findByTestId('operator')).toHaveTextContent('alice');
      disabled = true;
      await vi.advanceTimersByTimeAsync(59_000);
      expect(screen.getByTestId('operator')).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the display name beside the username', async () => {
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, displayName: 'Alice S.' })));
    renderApp('/withdrawals');
    await waitFor(() => expect(screen.getByTestId('operator')).toHaveTextContent('alice· Alice S. Finance'));
  });

  it('goes back to sign-in when the session has ended', async () => {
    server.use(
      http.get('*/backoffice/api/withdrawals', () => HttpResponse.json({ message: 'invalid-token' }, { status: 401 })),
    );
    renderApp('/withdrawals');
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(sessionStorage.getItem(OPERATOR_TOKEN_KEY)).toBeNull();
  });
});
