import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

/** The back-office's SANDBOX mark (docs/parties/README.md, The sandbox label), on every signed-in screen. */

const MARK = { name: 'SANDBOX · Test mode, no real money' };

describe('the SANDBOX mark', () => {
  it('shows at the top of every screen while a party answers from its sandbox', async () => {
    server.use(http.get('*/backoffice/api/sandbox', () => HttpResponse.json({ sandbox: true, active: true })));
    renderApp('/dashboard');
    const mark = await screen.findByRole('note', MARK);
    expect(mark).toBeVisible();
    // Above the header, so it is the first thing on the page.
    expect(mark.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('does not show when no party is the sandbox, even in sandbox mode, nor outside it', async () => {
    server.use(
      http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'admin' })),
      http.get('*/backoffice/api/sandbox', () => HttpResponse.json({ sandbox: true, active: false })),
    );
    const { unmount } = renderApp('/dashboard');
    // The sandbox screen's menu entry is there (sandbox mode), the mark is not.
    expect(await screen.findByRole('link', { name: 'Sandbox' })).toBeInTheDocument();
    expect(screen.queryByRole('note', MARK)).toBeNull();
    unmount();

    server.use(http.get('*/backoffice/api/sandbox', () => HttpResponse.json({ sandbox: false, active: false })));
    renderApp('/dashboard');
    await screen.findByRole('link', { name: 'Deposits' });
    expect(screen.queryByRole('note', MARK)).toBeNull();
  });
});
