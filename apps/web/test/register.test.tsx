import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderApp } from './render-app.tsx';
import { server } from './server.ts';

type User = ReturnType<typeof renderApp>['user'];

function otpFlag(on: boolean) {
  server.use(http.get('*/api/lookup/registerOTP', () => HttpResponse.json({ registerOTP: on })));
}

function recordPosts(path: string, reply: () => Response = () => HttpResponse.json({ message: 'OK' })) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(`*${path}`, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return reply();
    }),
  );
  return bodies;
}

async function phoneStep(user: User, phone = '0812345678') {
  const input = await screen.findByLabelText('Phone number');
  expect(input).toHaveAttribute('name', 'phoneNumber');
  expect(input).toHaveAttribute('autocomplete', 'tel');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled());
  await user.type(input, phone);
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function profileStep(user: User, confirm = 'secret123', password = 'secret123') {
  await user.type(await screen.findByLabelText('Profile name'), 'Somchai');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.selectOptions(screen.getByLabelText('How did you hear about us?'), 'FB');
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function bankStep(user: User, bankCode: string, first: string, last: string, accountNo = '1234567890') {
  const bank = await screen.findByLabelText('Bank');
  await waitFor(() => expect(screen.getByRole('option', { name: /Krungthai/ })).toBeInTheDocument());
  await user.selectOptions(bank, bankCode);
  await user.type(screen.getByLabelText('Bank account number'), accountNo);
  await user.type(screen.getByLabelText('Account first name'), first);
  await user.type(screen.getByLabelText('Account last name'), last);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('/register', () => {
  it('wants 10 digits in the Thai build before sending anything', async () => {
    otpFlag(true);
    const sends = recordPosts('/api/otp/send');
    const { user } = renderApp('/register');
    await phoneStep(user, '08123');
    expect(await screen.findByText('The phone number must support 10 digits')).toBeInTheDocument();
    expect(sends).toEqual([]);
  });

  it('sends and verifies an OTP when registration OTP is on, then continues', async () => {
    otpFlag(true);
    const sends = recordPosts('/api/otp/send', () =>
      HttpResponse.json({ otpRef: 'ABCD', otpToken: 'otp-token-1', code: 'OTP_SENT', expiresIn: 300 }),
    );
    const verifies = recordPosts('/api/otp/verify', () => HttpResponse.json({ message: 'OTP_CODE_VALID' }));
    const { user } = renderApp('/register');
    expect(await screen.findByText('Open your wallet in 4 short steps.')).toBeInTheDocument();
    await phoneStep(user);
    expect(await screen.findByText('Reference code: ABCD')).toBeInTheDocument();
    expect(sends).toEqual([{ phoneNumber: '0812345678' }]);
    const code = screen.getByLabelText('OTP code');
    expect(code).toHaveAttribute('name', 'otpCode');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: /Send a new code in (60|59) s/ })).toBeDisabled();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByLabelText('Profile name')).toBeInTheDocument();
    expect(verifies).toEqual([{ otpToken: 'otp-token-1', otpCode: '123456' }]);
  });

  it('shows a wrong OTP under its input', async () => {
    otpFlag(true);
    recordPosts('/api/otp/send', () =>
      HttpResponse.json({ otpRef: 'ABCD', otpToken: 't', code: 'OTP_SENT', expiresIn: 300 }),
    );
    recordPosts('/api/otp/verify', () =>
      HttpResponse.json({ message: 'OTP_CODE_INVALID', fields: { otpCode: 'OTP_CODE_INVALID' } }, { status: 400 }),
    );
    const { user } = renderApp('/register');
    await phoneStep(user);
    await user.type(await screen.findByLabelText('OTP code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByText('The OTP code is incorrect.')).toBeInTheDocument();
  });

  it('skips the OTP step when registration OTP is off', async () => {
    otpFlag(false);
    const sends = recordPosts('/api/otp/send');
    const { user } = renderApp('/register');
    expect(await screen.findByText('Open your wallet in 3 short steps.')).toBeInTheDocument();
    await phoneStep(user);
    expect(await screen.findByLabelText('Profile name')).toBeInTheDocument();
    expect(sends).toEqual([]);
  });

  it('skips the OTP step when the phone is already verified', async () => {
    otpFlag(true);
    recordPosts('/api/otp/send', () =>
      HttpResponse.json({ otpRef: '', otpToken: '', code: 'OTP_VERIFIED', expiresIn: 0 }),
    );
    const { user } = renderApp('/register');
    await phoneStep(user);
    expect(await screen.findByLabelText('Profile name')).toBeInTheDocument();
    expect(screen.queryByLabelText('OTP code')).not.toBeInTheDocument();
  });

  it('prefills the inviter from ?code=, read-only, and remembers it', async () => {
    const { user } = renderApp('/register?code=PRAB12CD34');
    await phoneStep(user);
    expect(localStorage.getItem(STORAGE_KEYS.inviteCode)).toBe('PRAB12CD34');
    const invite = await screen.findByLabelText('Inviter code (optional)');
    expect(invite).toHaveValue('PRAB12CD34');
    expect(invite).toHaveAttribute('readonly');
  });

  it('lets the visitor go on without an inviter when the link carries an unknown code', async () => {
    let validations = 0;
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/account/validate', async ({ request }) => {
        validations += 1;
        bodies.push((await request.json()) as Record<string, unknown>);
        return validations === 1
          ? HttpResponse.json(
              { message: 'INVALID_USER_INFO', fields: { inviteCode: 'INVALID_USER_INFO' } },
              { status: 400 },
            )
          : HttpResponse.json({ message: 'OK' });
      }),
    );
    const { user } = renderApp('/register?code=PRNOSUCH1');
    await phoneStep(user);
    await profileStep(user);
    await user.click(await screen.findByRole('button', { name: 'Continue without an inviter' }));
    const invite = screen.getByLabelText('Inviter code (optional)');
    expect(invite).toHaveValue('');
    expect(invite).not.toHaveAttribute('readonly');
    expect(localStorage.getItem(STORAGE_KEYS.inviteCode)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Bank')).toBeInTheDocument();
    expect(bodies.map((body) => body.inviteCode)).toEqual(['PRNOSUCH1', undefined]);
  });

  it("says Passwords don't match and does not ask the server", async () => {
    const validations = recordPosts('/api/account/validate');
    const { user } = renderApp('/register');
    await phoneStep(user);
    await profileStep(user, 'secret999');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(validations).toEqual([]);
  });

  it('checks the password rules it can before asking the server, under the password', async () => {
    const validations = recordPosts('/api/account/validate');
    const { user } = renderApp('/register');
    await phoneStep(user, '0812345678');
    await profileStep(user, 'abc1234', 'abc1234');
    expect(await screen.findByText('The password must have at least 8 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.clear(screen.getByLabelText('Profile name'));
    await profileStep(user, 'x0812345678', 'x0812345678');
    expect(await screen.findByText('The password must not contain your phone number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(validations).toEqual([]);
  });

  it("shows the server's common-password refusal under the password", async () => {
    recordPosts('/api/account/validate', () =>
      HttpResponse.json(
        { message: 'PASSWORD_TOO_COMMON', fields: { password: 'PASSWORD_TOO_COMMON' } },
        { status: 400 },
      ),
    );
    const { user } = renderApp('/register');
    await phoneStep(user);
    await profileStep(user);
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getByText('This password is too common and easy to guess. Please choose another.'),
    ).toBeInTheDocument();
  });

  it('shows server field errors under their inputs', async () => {
    recordPosts('/api/account/validate', () =>
      HttpResponse.json({ message: 'KEY_INVALID', fields: { name: 'KEY_INVALID' } }, { status: 400 }),
    );
    const { user } = renderApp('/register');
    await phoneStep(user);
    await profileStep(user);
    const name = screen.getByLabelText('Profile name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Some information is not valid.')).toBeInTheDocument();
  });

  it('asks English names for KTB', async () => {
    const accounts = recordPosts('/api/account');
    const { user } = renderApp('/register');
    await phoneStep(user);
    await profileStep(user);
    await bankStep(user, 'KTB', 'สมชาย', 'jaidee');
    expect(await screen.findByText('Bank account name must be in English only')).toBeInTheDocument();
    expect(screen.getByLabelText('Account last name')).toHaveValue('JAIDEE');
    expect(accounts).toEqual([]);
  });

  it('registers, shows a success toast and goes to /login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const validations = recordPosts('/api/account/validate');
    const accounts = recordPosts('/api/account', () => HttpResponse.json({ message: 'SUCCESS', _id: 'NEW1' }));
    const { user } = renderApp('/register?code=PRAB12CD34', { advanceTimers: vi.advanceTimersByTime });
    await phoneStep(user);
    await profileStep(user);
    expect(validations).toEqual([
      { name: 'Somchai', username: '0812345678', password: 'secret123', sourceCode: 'FB', inviteCode: 'PRAB12CD34' },
    ]);
    await bankStep(user, 'KBANK', ' somchai', 'jaidee ');
    expect(await screen.findByText('Registration complete. Please log in.')).toBeInTheDocument();
    expect(accounts).toEqual([
      {
        name: 'Somchai',
        username: '0812345678',
        password: 'secret123',
        sourceCode: 'FB',
        inviteCode: 'PRAB12CD34',
        bankCode: 'KBANK',
        bankAccountName: 'SOMCHAI JAIDEE',
        bankAccountNo: '1234567890',
      },
    ]);
    expect(currentPath()).toBe('/register');
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(currentPath()).toBe('/register');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('reads an account number typed with dashes as its digits, with no length message (issue 41, point 7)', async () => {
    const accounts = recordPosts('/api/account', () => HttpResponse.json({ message: 'SUCCESS', _id: 'NEW2' }));
    const { user } = renderApp('/register');
    await phoneStep(user);
    await profileStep(user);
    await bankStep(user, 'KBANK', 'somchai', 'jaidee', '123-456-7890');
    expect(await screen.findByText('Registration complete. Please log in.')).toBeInTheDocument();
    expect(screen.queryByText('An account number at this bank has 10 digits.')).not.toBeInTheDocument();
    expect(accounts).toEqual([expect.objectContaining({ bankCode: 'KBANK', bankAccountNo: '1234567890' })]);
  });

  it('marks KBANK and KTB as recommended in the Thai build, and goes back a step', async () => {
    const { user } = renderApp('/register');
    await phoneStep(user);
    await profileStep(user);
    expect(await screen.findByRole('option', { name: 'Kasikornbank · Recommended' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Siam Commercial Bank' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Profile name')).toBeInTheDocument();
  });
});
