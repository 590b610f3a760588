import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../src/app/query-client.ts';
import { preloadFirstRoute } from '../src/app/router.tsx';
import { currentPath, renderApp } from './render-app.tsx';
import { server } from './server.ts';

describe('guards', () => {
  it('sends /user without a token to /login', async () => {
    renderApp('/user');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('sends /user with a token to /user/home', async () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    renderApp('/user');
    await waitFor(() => expect(currentPath()).toBe('/user/home'));
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai' })).toBeInTheDocument();
  });

  it('keeps a remembered session on /: it lands on /user/home (spec section 2: / redirects to /user)', async () => {
    let revoked = false;
    server.use(
      http.post('*/api/logout', () => {
        revoked = true;
        return HttpResponse.json({ message: 'OK' });
      }),
    );
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai' })).toBeInTheDocument();
    expect(currentPath()).toBe('/user/home');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-1');
    expect(revoked).toBe(false);
  });

  it('sends / without a token to /login', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it('sends /login to /terminated when the site is gone', async () => {
    server.use(http.get('*/api/lookup/active', () => HttpResponse.json({ active: false, message: 'gone' })));
    renderApp('/login');
    await waitFor(() => expect(currentPath()).toBe('/terminated'));
    expect(await screen.findByRole('heading', { name: 'Service closed' })).toBeInTheDocument();
  });

  it('asks about the site once when the entry started the check before React rendered /login', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/lookup/active', () => {
        asked += 1;
        return HttpResponse.json({ active: true, message: 'OK' });
      }),
    );
    preloadFirstRoute('/login', createQueryClient());
    await waitFor(() => expect(asked).toBe(1));
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it("fetches a member page's data before React renders it when it is the first page", async () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    let asked = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/wallet') asked += 1;
    });
    const queryClient = createQueryClient();
    preloadFirstRoute('/user/home', queryClient);
    await waitFor(() => expect(asked).toBe(1));
    renderApp('/user/home', { queryClient });
    expect(await screen.findByRole('heading', { name: 'Hello, Somchai' })).toBeInTheDocument();
    expect(asked).toBe(1);
    server.events.removeAllListeners();
  });

  it('clears a style left on the page when /login opens', async () => {
    document.body.setAttribute('style', 'overflow: hidden;');
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(document.body).not.toHaveAttribute('style');
  });

  it('clears a stored session when the public shell opens, and revokes it on the server', async () => {
    const revoked: (string | null)[] = [];
    server.use(
      http.post('*/api/logout', ({ request }) => {
        revoked.push(request.headers.get('authorization'));
        return HttpResponse.json({ message: 'OK' });
      }),
    );
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    renderApp('/howto');
    await screen.findByRole('heading', { name: 'How to' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await waitFor(() => expect(revoked).toEqual(['Bearer tok-1']));
  });

  it('drops the session and goes to /login when a member call answers invalid-token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'expired');
    server.use(http.get('*/api/wallet', () => HttpResponse.json({ message: 'invalid-token' }, { status: 401 })));
    renderApp('/user/home');
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // Said once, however many calls the dead session refused.
    expect(await screen.findAllByText('Your session has ended. Please log in again.')).toHaveLength(1);
  });
});

describe('pages', () => {
  it('shows Page Not Found on any other path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('shows the public bottom menu', async () => {
    renderApp('/contact');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/login', '/register', '/howto', '/contact']);
  });

  it('shows the contact page with QR, LINE link, version and no chat region when off', async () => {
    renderApp('/contact');
    expect(await screen.findByText('Open 24 hours')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'LINE QR code for @lucky' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add us on LINE' })).toHaveAttribute(
      'href',
      'https://line.me/R/ti/p/@lucky',
    );
    expect(screen.getByText('Version 1.1.14')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Live chat' })).not.toBeInTheDocument();
  });

  it('reserves the chat region when the widget is enabled', async () => {
    server.use(http.get('*/api/lookup/enableChatWidget', () => HttpResponse.json({ enableChatWidget: true })));
    renderApp('/contact');
    expect(await screen.findByRole('region', { name: 'Live chat' })).toBeInTheDocument();
  });

  it('opens a how-to video in a modal that closes on Escape and gives focus back', async () => {
    const { user } = renderApp('/howto');
    const card = await screen.findByRole('button', { name: 'Watch: Using your wallet' });
    expect(screen.getAllByRole('button', { name: /^Watch:/ })).toHaveLength(5);
    // The demo mark describes the card; it is not inside the button, whose name holds all it shows (WCAG 2.5.3).
    expect(card).toHaveAccessibleDescription('Demo clip');
    expect(within(card).queryByText('Demo clip')).toBeNull();
    await user.click(card);
    const dialog = screen.getByRole('dialog', { name: 'Using your wallet' });
    expect(dialog.querySelector('video')).toHaveAttribute('src', '/media/howto/wallet.mp4');
    expect(dialog.querySelector('video')).toHaveAttribute('controls');
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card).toHaveFocus();
  });

  it('logs out from the member top bar', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    let loggedOut = false;
    server.use(
      http.post('*/api/logout', () => {
        loggedOut = true;
        return HttpResponse.json({ message: 'OK' });
      }),
    );
    const { user } = renderApp('/user/home');
    expect(await screen.findByText('Lucky Wallet')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(loggedOut).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});

describe('language', () => {
  it('switches, persists under locale and sets <html lang>', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'ລາວ' }));
    expect(await screen.findByRole('heading', { name: 'ເຂົ້າສູ່ລະບົບ' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('lo');
    expect(document.documentElement.lang).toBe('lo');
    await user.click(screen.getByRole('button', { name: 'ไทย' }));
    expect(await screen.findByRole('heading', { name: 'เข้าสู่ระบบ' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('th');
  });

  it('switches from the member top bar select', async () => {
    sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
    const { user } = renderApp('/user/home');
    await screen.findByRole('heading', { name: 'Hello, Somchai' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'th');
    expect(await screen.findByRole('heading', { name: 'สวัสดี คุณ Somchai' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('th');
    expect(document.documentElement.lang).toBe('th');
  });

  it('translates Page Not Found', async () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'th');
    renderApp('/missing');
    const { changeLocale } = await import('../src/i18n/i18n.ts');
    await changeLocale('th');
    expect(await screen.findByRole('heading', { name: 'ไม่พบหน้าที่คุณต้องการ' })).toBeInTheDocument();
  });
});
