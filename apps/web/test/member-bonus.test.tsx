import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../src/app/query-client.ts';
import { walletQuery } from '../src/features/home/api/get-wallet.ts';
import { renderApp } from './render-app.tsx';
import { demoWallet, server } from './server.ts';

const WEEKLY = {
  code: 'WEEKLY50',
  type: 'week',
  maxReceived: 2,
  percentFail: 100,
  banners: [{ image: '/media/bonus/banner-weekly.svg', html: '<p>Weekly 50</p>' }],
  name: 'Weekly 50',
  description: '50 twice a week',
};

describe('/user/bonus', () => {
  it('is a member page in the wallet’s currency, and a received bonus reads the wallet again', async () => {
    localStorage.setItem(STORAGE_KEYS.agreement, 'true');
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    let running = false;
    let walletReads = 0;
    server.use(
      http.get('*/api/wallet', () => {
        walletReads += 1;
        return HttpResponse.json(demoWallet());
      }),
      http.get('*/api/bonus', () => HttpResponse.json([{ ...WEEKLY, userBonus: null }])),
      http.get('*/api/bonus/check/active', () =>
        HttpResponse.json(running ? { status: true, type: 'week' } : { status: false, type: null }),
      ),
      http.get('*/api/bonus/activate/WEEKLY50', () => {
        running = true;
        return HttpResponse.json({ _id: 'ub-1', isActive: true, received: [] });
      }),
      http.get('*/api/promotion/current', () => HttpResponse.json(null)),
    );
    const queryClient = createQueryClient();
    const { user } = renderApp('/user/bonus', { queryClient });
    // The first lazy route of a test file compiles its chunks: more than the default second on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Bonuses', level: 1 }, { timeout: 5_000 })).toBeInTheDocument();
    // The page reads the wallet for its currency.
    await waitFor(() => expect(queryClient.getQueryState(walletQuery.queryKey)?.status).toBe('success'));
    const readsBefore = walletReads;
    await user.click(screen.getByRole('button', { name: 'Weekly 50' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Bonus details' })).getByRole('button', { name: 'Receive bonus' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Success' })).toBeInTheDocument();
    await waitFor(() => expect(walletReads).toBe(readsBefore + 1));
  });
});
