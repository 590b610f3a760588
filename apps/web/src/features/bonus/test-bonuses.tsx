import type { BonusItem } from '@member-wallet/contract/bonus';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Toaster } from '../../components/toaster.tsx';

const at = { updatedAt: '2026-11-23T01:00:00.000Z' };

/** A bonus as GET /api/bonus lists it (the demo's WEEKLY50); tests override what they need. */
export function testBonus(overrides: Partial<BonusItem> = {}): BonusItem {
  return {
    code: 'WEEKLY50',
    type: 'week',
    maxReceived: 2,
    percentFail: 100,
    banners: [{ image: '/media/bonus/banner-weekly.svg', html: '<p><b>Weekly 50</b>: twice a week.</p>' }],
    name: 'Weekly 50',
    description: '50 twice a week',
    userBonus: null,
    ...overrides,
  };
}

/** The grid in its three states: the running bonus, one received as often as allowed, one to receive. */
export function testGrid(): BonusItem[] {
  return [
    testBonus({
      code: 'WELCOME',
      type: 'limit',
      maxReceived: 1,
      percentFail: 50,
      name: 'Welcome 100%',
      banners: [{ image: '/media/bonus/banner-welcome.svg', html: '<p>Welcome</p>' }],
      userBonus: { _id: 'ub-1', isActive: true, received: [at] },
    }),
    testBonus({
      code: 'DAILY10',
      type: 'day',
      maxReceived: 1,
      name: 'Daily 10%',
      userBonus: { _id: 'ub-2', isActive: false, received: [at] },
    }),
    testBonus(),
  ];
}

/** Renders a piece of the bonus page with a fresh query client and the toaster, as the member shell has. */
export function renderWithClient(ui: ReactElement) {
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, user };
}
