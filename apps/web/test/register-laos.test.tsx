import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

// The Laos build (VITE_COUNTRY=LA): read once at module load by the screens, so it is mocked for this file.
vi.mock('../src/lib/env.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/lib/env.ts')>();
  return { ...original, env: { ...original.env, country: 'LA', defaultLocale: 'lo' } };
});

describe('/register in the Laos build', () => {
  it('takes a Lao phone number without the 10-digit rule and asks the currency, LAK by default', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/lookup/currencies', () => HttpResponse.json(['LAK', 'BAHT'])),
      http.post('*/api/account', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ message: 'SUCCESS', _id: 'LAO1' });
      }),
    );
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Phone number'), '02055512');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.type(await screen.findByLabelText('Profile name'), 'Somphone');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const currency = await screen.findByLabelText('Currency');
    expect(currency).toHaveValue('LAK');
    await waitFor(() => expect(screen.getByRole('option', { name: /Kasikornbank/ })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Bank'), 'KBANK');
    await user.type(screen.getByLabelText('Bank account number'), '0101000123');
    await user.type(screen.getByLabelText('Account first name'), 'somphone');
    await user.type(screen.getByLabelText('Account last name'), 'keomany');
    await user.selectOptions(currency, 'BAHT');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      username: '02055512',
      bankCode: 'KBANK',
      bankAccountName: 'SOMPHONE KEOMANY',
      bankAccountNo: '0101000123',
      currency: 'BAHT',
    });
  });
});
