import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createQueryClient } from '../src/app/query-client.ts';
import { preloadFirstRoute } from '../src/app/router.tsx';
import { renderApp } from './render-app.tsx';

/**
 * A public first page paints in one go once main.tsx has what it waits for before rendering (the page's
 * chunks and, on /login, the site check): no loading fallback first. A fallback that is then replaced makes
 * React hold the page back (it throttles the reveal of a suspended boundary by 300 ms), which cost /login its
 * largest paint (docs/performance.md).
 */
it('renders /login at once, with no loading fallback, once its first route is ready', async () => {
  const queryClient = createQueryClient();
  await preloadFirstRoute('/login', queryClient);
  renderApp('/login', { queryClient });
  expect(screen.queryByText('Loading…')).toBeNull();
  expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
});

it('renders a member page without waiting for its chunks, which its largest paint does not wait on alone', async () => {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
  const queryClient = createQueryClient();
  await preloadFirstRoute('/user/home', queryClient);
  renderApp('/user/home', { queryClient });
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
});
