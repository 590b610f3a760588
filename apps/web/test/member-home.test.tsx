import { IDEMPOTENCY_KEY_HEADER, STORAGE_KEYS } from '@member-wallet/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../src/lib/env.ts';
import { browser } from '../src/lib/open-link.ts';
import { renderApp } from './render-app.tsx';
import { demoSlot, demoWallet, server } from './server.ts';

/** Every request the app sent to a path, with its headers and body. */
function recordRequests(method: string, path: string) {
  const seen: { key: string | null; body: unknown }[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method !== method || new URL(request.url).pathname !== path) return;
    const body = request.body ? await request.clone().json() : undefined;
    seen.push({ key: request.headers.get(IDEMPOTENCY_KEY_HEADER), body });
  });
  return seen;
}

const moneyAnswer = { message: 'OK', wallet: { amount: 900 }, status: 'SUCCESS', reference: 'T-1' };

async function openHome() {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  const view = renderApp('/user/home');
  await screen.findByRole('heading', { name: 'Hello, Somchai' });
  return view;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
});

afterEach(() => {
  server.events.removeAllListeners();
  env.gameLaunch = 'new-tab';
});

describe('home', () => {
  it('shows the total of the wallet and the active game accounts times their factor', async () => {
    await openHome();
    // 1500.50 + 100 x 1 + 10.10 x 1; the inactive JOKER account does not count.
    expect(screen.getByTestId('total-balance')).toHaveTextContent('฿1,610.60');
    expect(screen.getByText('฿25.00')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.lastSync)).not.toBeNull();
    expect(screen.getByText(/^Last updated: Just now/)).toBeInTheDocument();
  });

  it('adds amounts exactly, where floating point would drift', async () => {
    server.use(
      http.get('*/api/wallet', () =>
        HttpResponse.json(
          demoWallet({
            wallet: { amount: 0.1, currency: 'BAHT' },
            slots: [demoSlot({ amount: 0.2 }), demoSlot({ code: 'IMI', amount: 0.7, ftWalletSlot: 0.5 })],
          }),
        ),
      ),
    );
    await openHome();
    // 0.10 + 0.20 + 0.35
    expect(screen.getByTestId('total-balance')).toHaveTextContent('฿0.65');
  });

  it('offers a retry when the wallet cannot be read, without a toast', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/wallet', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'INTERNAL_SERVER_ERROR' }, { status: 500 })
          : HttpResponse.json(demoWallet());
      }),
    );
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    const { user } = renderApp('/user/home');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai' })).toBeInTheDocument();
    expect(screen.queryByText('Could not load this information.')).toBeNull();
  });

  it('shows a carousel only for a category with game accounts', async () => {
    await openHome();
    expect(screen.getByRole('region', { name: 'Slots' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sports and casino' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lotto' })).toBeNull();
  });

  it('turns a carousel with its buttons and arrow keys', async () => {
    const { user } = await openHome();
    const slots = screen.getByRole('region', { name: 'Slots' });
    expect(within(slots).getByRole('group', { name: '1 of 2: PG Soft' })).not.toHaveAttribute('aria-hidden');
    await user.click(within(slots).getByRole('button', { name: 'Next game' }));
    expect(within(slots).getByRole('group', { name: '2 of 2: Joker Gaming' })).not.toHaveAttribute('aria-hidden');
    await user.keyboard('{ArrowLeft}');
    expect(within(slots).getByRole('group', { name: '1 of 2: PG Soft' })).not.toHaveAttribute('aria-hidden');
    const track = within(slots).getByRole('group', { name: '1 of 2: PG Soft' }).parentElement as HTMLElement;
    fireEvent.pointerDown(track, { clientX: 200 });
    fireEvent.pointerUp(track, { clientX: 100 });
    expect(within(slots).getByRole('group', { name: '2 of 2: Joker Gaming' })).not.toHaveAttribute('aria-hidden');
    expect(slots.querySelector('[aria-label="1 of 2: PG Soft"]')).toHaveAttribute('inert');
  });

  it('loads the first carousel images at once and the others only once they scroll into view', async () => {
    const observed: { element: Element; callback: IntersectionObserverCallback }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(readonly callback: IntersectionObserverCallback) {}
        observe(element: Element) {
          observed.push({ element, callback: this.callback });
        }
        disconnect() {}
      },
    );
    try {
      await openHome();
      const imagesOf = (name: string) => [...screen.getByRole('region', { name }).querySelectorAll('img')];
      const slots = imagesOf('Slots');
      // The front card's background is the page's largest paint: fetched first; no image shifts the layout.
      expect(slots.map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')])).toEqual([
        ['eager', 'high'],
        ['eager', null],
        ['eager', null],
        ['eager', null],
      ]);
      for (const image of slots) expect(image).toHaveAttribute('width');
      expect(slots[0]).toHaveAttribute('height', '211');
      expect(imagesOf('Sports and casino')).toEqual([]);

      const sports = screen.getByRole('region', { name: 'Sports and casino' });
      const watcher = observed.find(({ element }) => sports.contains(element));
      act(() => watcher?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(imagesOf('Sports and casino').map((image) => image.getAttribute('loading'))).toEqual(['lazy', 'lazy']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('refreshes the balances, then reads the wallet again', async () => {
    let refreshed = 0;
    let wallets = 0;
    server.use(
      http.get('*/api/wallet/refresh/slot', () => {
        refreshed += 1;
        return HttpResponse.json({ message: 'OK' });
      }),
      http.get('*/api/wallet', () => {
        wallets += 1;
        return HttpResponse.json(demoWallet());
      }),
    );
    const { user } = await openHome();
    await user.click(screen.getByRole('button', { name: 'Check balances' }));
    await waitFor(() => expect(wallets).toBe(2));
    expect(refreshed).toBe(1);
  });

  it('opens an inactive account, then shows its credentials', async () => {
    const activated: string[] = [];
    server.use(
      http.get('*/api/wallet/activate/:code', ({ params }) => {
        activated.push(String(params.code));
        return HttpResponse.json({ username: 'joker_user', password: 'pw-1' });
      }),
      http.get('*/api/wallet/account/:code', () => HttpResponse.json({ username: 'joker_user', password: 'pw-1' })),
    );
    const { user } = await openHome();
    const slots = screen.getByRole('region', { name: 'Slots' });
    await user.click(within(slots).getByRole('button', { name: 'Next game' }));
    await user.click(within(slots).getByRole('button', { name: 'Open account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Joker Gaming account' });
    expect(await within(dialog).findByText('joker_user')).toBeInTheDocument();
    expect(activated).toEqual(['JOKER']);
  });
});

describe('slot account modal', () => {
  async function openPg() {
    let password = 'pw-1';
    server.use(
      http.get('*/api/wallet/account/PG', () => HttpResponse.json({ username: 'pg_user', password })),
      http.get('*/api/wallet/resetpassword/PG', () => {
        password = 'pw-2';
        return HttpResponse.json({ username: 'pg_user', password });
      }),
      http.get('*/api/autoLogin/pg/:username', ({ params }) =>
        HttpResponse.json({ link: `https://pg.example.test/play?u=${String(params.username)}` }),
      ),
    );
    const view = await openHome();
    const slots = screen.getByRole('region', { name: 'Slots' });
    await view.user.click(within(slots).getByRole('button', { name: 'View data' }));
    const dialog = await screen.findByRole('dialog', { name: 'PG Soft account' });
    await within(dialog).findByText('pg_user');
    return { ...view, dialog };
  }

  it('copies a credential and says so, or says it failed', async () => {
    const { user, dialog } = await openPg();
    await user.click(within(dialog).getByRole('button', { name: 'Copy Username' }));
    expect(await screen.findByText('Copied: pg_user')).toBeInTheDocument();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy Password' }));
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
  });

  it('asks before resetting the password, then shows the new one with a copy button', async () => {
    let resets = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/wallet/resetpassword/PG') resets += 1;
    });
    const { user, dialog } = await openPg();
    expect(within(dialog).getByText('pw-1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    const ask = await screen.findByRole('dialog', { name: 'Reset the game password?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog', { name: 'Reset the game password?' })).toBeNull();
    expect(resets).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reset the game password?' })).getByRole('button', {
        name: 'Reset',
      }),
    );
    const done = await screen.findByRole('dialog', { name: 'Password changed' });
    expect(within(done).getByText('pw-2')).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'Copy New password' }));
    expect(await screen.findByText('Copied: pw-2')).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('pw-2')).toBeInTheDocument();
    expect(resets).toBe(1);
    server.events.removeAllListeners();
  });

  it('launches an auto-login provider in a tab opened by the click', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, dialog } = await openPg();
    await user.click(within(dialog).getByRole('button', { name: 'Play now' }));
    await waitFor(() => expect(tab.location.href).toBe('https://pg.example.test/play?u=pg_user'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('launches in the same tab when the build says so', async () => {
    env.gameLaunch = 'same-tab';
    const open = vi.spyOn(window, 'open');
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, dialog } = await openPg();
    await user.click(within(dialog).getByRole('button', { name: 'Play now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pg.example.test/play?u=pg_user'));
    expect(open).not.toHaveBeenCalled();
  });

  it('disables the app button whose link is missing, and transfer-only without an amount', async () => {
    const { user, dialog } = await openPg();
    expect(within(dialog).getByRole('button', { name: 'Android' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'iOS' })).toHaveAttribute(
      'href',
      'https://apps.example.test/pg-ios',
    );
    const send = within(dialog).getByRole('button', { name: 'Transfer only' });
    expect(send).toBeDisabled();
    const added = recordRequests('POST', '/api/wallet/add');
    server.use(http.post('*/api/wallet/add', () => HttpResponse.json(moneyAnswer)));
    await user.type(within(dialog).getByLabelText('Amount to move into this game'), '50');
    await user.click(send);
    expect(await screen.findByRole('dialog', { name: 'Success' })).toBeInTheDocument();
    expect(added.map((request) => request.body)).toEqual([{ slotCode: 'PG', amount: 50 }]);
    expect(added[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('traps focus, closes on Escape and gives focus back to its opener', async () => {
    const { user, dialog } = await openPg();
    const opener = within(screen.getByRole('region', { name: 'Slots' })).getByRole('button', { name: 'View data' });
    const close = within(dialog).getAllByRole('button', { name: 'Close' })[0];
    close?.focus();
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});
