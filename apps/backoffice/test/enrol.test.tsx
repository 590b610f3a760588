import type { EnrolmentDetails } from '@member-wallet/contract/backoffice/operator-accounts';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../src/i18n/i18n.ts';
import { OPERATOR_TOKEN_KEY } from '../src/lib/session.ts';
import { currentPath, renderApp } from './render-app.tsx';
import { server } from './server.ts';

const TOKEN = 'Fj3kL9mQ2xV7pR4tW8yZ1bN6cD0eG5hJ-_aSdQwErTy';
const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';

const DETAILS: EnrolmentDetails = {
  username: 'noi',
  displayName: 'Noi',
  role: 'support',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/Back-office:noi?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Back-office',
  qrSvg: QR,
  expiresAt: '2026-11-24T03:00:00.000Z',
};

let asked: unknown[];
let completed: unknown[];

beforeEach(() => {
  asked = [];
  completed = [];
  server.use(
    http.post('*/backoffice/api/auth/enrolment', async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json(DETAILS);
    }),
    http.post('*/backoffice/api/auth/enrolment/complete', async ({ request }) => {
      completed.push(await request.json());
      return HttpResponse.json({ message: 'OK' });
    }),
  );
});

describe('enrolment link page', () => {
  it.each([
    ['ENROLMENT_INVALID', 404, 'This enrolment link is not valid. Ask an administrator for a new link.'],
    [
      'ENROLMENT_USED',
      409,
      'This enrolment link was used already, or replaced by a newer one. Ask an administrator for a new link.',
    ],
    [
      'ENROLMENT_EXPIRED',
      410,
      'This enrolment link has expired: a link works for 24 hours. Ask an administrator for a new link.',
    ],
  ])('says why a link refused with %s cannot be used, and offers no form', async (code, status, text) => {
    server.use(http.post('*/backoffice/api/auth/enrolment', () => HttpResponse.json({ message: code }, { status })));
    renderApp(`/enrol#${TOKEN}`, { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(currentPath()).toBe('/backoffice/enrol');
  });

  it('asks nothing for a link without a well-formed token', async () => {
    renderApp('/enrol#not-a-token', { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('This enrolment link is not valid.');
    expect(asked).toEqual([]);
  });

  it('shows the QR code and the key, takes the token out of the address, and keeps it nowhere', async () => {
    renderApp(`/enrol#${TOKEN}`, { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Set up your operator account' })).toBeInTheDocument();
    expect(asked).toEqual([{ token: TOKEN }]);
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain(TOKEN);

    expect(screen.getByText('This link works until 24/11/2026 10:00:00.')).toBeInTheDocument();
    expect(screen.getByText('noi')).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'QR code for the authenticator app, account noi' });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;charset=utf-8,${encodeURIComponent(QR)}`);
    expect(qr).toHaveAttribute('width', '200');
    expect(screen.getByTestId('enrolment-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const code = screen.getByLabelText('Code from the authenticator app');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('copies the key without its spaces', async () => {
    const { user } = renderApp(`/enrol#${TOKEN}`, { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(DETAILS.secret);
  });

  it('checks the password before sending, then completes and sends to sign-in', async () => {
    const { user } = renderApp(`/enrol#${TOKEN}`, { signedIn: false });
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat the password'), 'shorter');
    await user.type(screen.getByLabelText('Code from the authenticator app'), '12ab34');
    await user.click(screen.getByRole('button', { name: 'Finish setting up' }));
    expect(screen.getByText('At least 12 characters')).toBeInTheDocument();
    expect(screen.getByText('The two passwords are not the same')).toBeInTheDocument();
    expect(screen.getByText('Enter the 6 digits')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'correct horse battery');
    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'correct horse batterx');
    await user.type(screen.getByLabelText('Code from the authenticator app'), '56');
    await user.click(screen.getByRole('button', { name: 'Finish setting up' }));
    expect(screen.getByText('The two passwords are not the same')).toBeInTheDocument();
    expect(completed).toEqual([]);

    await user.clear(screen.getByLabelText('Repeat the password'));
    await user.type(screen.getByLabelText('Repeat the password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Finish setting up' }));
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toHaveFocus();
    expect(completed).toEqual([{ token: TOKEN, password: 'correct horse battery', totp: '123456' }]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sign in as noi with your new password and the next code your authenticator app shows: the code you just used works only once.',
    );
    expect(screen.queryByTestId('enrolment-secret')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to sign-in' }));
    expect(await screen.findByRole('heading', { name: 'Operator sign-in' })).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('refuses a password holding the username before sending', async () => {
    const { user } = renderApp(`/enrol#${TOKEN}`, { signedIn: false });
    await user.type(await screen.findByLabelText('New password'), 'my name is NOI forever');
    await user.type(screen.getByLabelText('Repeat the password'), 'my name is NOI forever');
    await user.type(screen.getByLabelText('Code from the authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Finish setting up' }));
    expect(screen.getByText('Must not contain your username')).toBeInTheDocument();
    expect(completed).toEqual([]);
  });

  it.each([
    ['ENROLMENT_CODE_WRONG', 'The code is wrong. Check that the authenticator app shows this account'],
    ['PASSWORD_TOO_COMMON', 'This password is too common and easy to guess. Choose another.'],
    ['ENROLMENT_EXPIRED', 'This enrolment link has expired'],
  ])('shows the server refusing with %s translated', async (code, text) => {
    server.use(
      http.post('*/backoffice/api/auth/enrolment/complete', () =>
        HttpResponse.json({ message: code }, { status: 400 }),
      ),
    );
    const { user } = renderApp(`/enrol#${TOKEN}`, { signedIn: false });
    await user.type(await screen.findByLabelText('New password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Repeat the password'), 'correct horse battery');
    await user.type(screen.getByLabelText('Code from the authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Finish setting up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('says it in Thai too', async () => {
    initI18n('th');
    server.use(
      http.post('*/backoffice/api/auth/enrolment', () =>
        HttpResponse.json({ message: 'ENROLMENT_EXPIRED' }, { status: 410 }),
      ),
    );
    renderApp(`/enrol#${TOKEN}`, { signedIn: false });
    expect(await screen.findByRole('heading', { name: 'ใช้ลิงก์นี้ไม่ได้' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'ลิงก์ลงทะเบียนนี้หมดอายุแล้ว (ลิงก์ใช้ได้ 24 ชั่วโมง) กรุณาขอลิงก์ใหม่จากผู้ดูแลระบบ',
    );
  });

  it('opens the same while another operator is signed in in the tab, outside the back-office frame', async () => {
    renderApp(`/enrol#${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Set up your operator account' })).toBeInTheDocument();
    expect(screen.queryByTestId('operator')).toBeNull();
    expect(currentPath()).toBe('/backoffice/enrol');
    await waitFor(() => expect(asked).toEqual([{ token: TOKEN }]));
    expect(sessionStorage.getItem(OPERATOR_TOKEN_KEY)).toBe('op_test-token');
  });
});
