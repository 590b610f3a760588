import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

/** A slip as POST /api/statement/slip lists it; tests override what they need. */
function slip(overrides: Record<string, unknown> = {}) {
  return {
    id: 'S-1',
    createdAt: '2026-11-22T02:03:04.000Z',
    amount: 500,
    status: 'SUCCESS',
    note: null,
    link: null,
    reference: 'REF-1',
    ...overrides,
  };
}

/** Answers every slip page with `answer(page)` and records the bodies sent. */
function answerSlips(answer: (page: number) => JsonBodyType) {
  const bodies: { page: number; limit: number }[] = [];
  server.use(
    http.post('*/api/statement/slip', async ({ request }) => {
      const body = (await request.json()) as { page: number; limit: number };
      bodies.push(body);
      return HttpResponse.json(answer(body.page));
    }),
  );
  return bodies;
}

async function openSlips() {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  const view = renderApp('/user/statement');
  await view.user.click(await screen.findByRole('button', { name: 'Uploaded slips' }));
  const dialog = await screen.findByRole('dialog', { name: 'Uploaded slips' });
  return { ...view, dialog };
}

/** The cells of each body row of the slip table, as text. */
function rows(dialog: HTMLElement) {
  const table = within(dialog).getByRole('table', { name: 'Uploaded slips' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
  server.use(http.post('*/api/statement', () => HttpResponse.json({ total: 0, statements: [] })));
});

afterEach(() => {
  server.events.removeAllListeners();
});

describe('slip modal', () => {
  it("lists date, amount ('-' when 0), status and the translated reason of a failed slip", async () => {
    const bodies = answerSlips(() => ({
      total: 3,
      slips: [
        slip(),
        slip({ id: 'S-2', amount: 0, status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' }),
        slip({ id: 'S-3', amount: 12.5, status: 'IN_PROGRESS', reference: null }),
      ],
    }));
    const { dialog } = await openSlips();
    await within(dialog).findByRole('table', { name: 'Uploaded slips' });
    expect(rows(dialog)).toEqual([
      ['22/11/2026 09:03:04', '฿500.00', 'Success', 'View'],
      ['22/11/2026 09:03:04', '-', 'FailedDuplicate slip', 'View'],
      ['22/11/2026 09:03:04', '฿12.50', 'In progress', ''],
    ]);
    const tones = within(dialog)
      .getAllByText(/^(Success|Failed|In progress)$/)
      .map((badge) => [badge.getAttribute('data-tone'), badge.className.includes('bg-green-100')]);
    expect(tones).toEqual([
      ['success', true],
      ['fail', false],
      ['warning', false],
    ]);
    expect(bodies).toEqual([{ page: 1, limit: 10 }]);
  });

  it.each([
    ['INVALID_SLIP', 'Unreadable slip'],
    ['CROPPED_IMAGE_UNREADABLE', 'Incorrect slip'],
    ['NOT_MATCH', 'The player account does not match the registered one'],
  ])('translates the reason %s', async (note, text) => {
    answerSlips(() => ({ total: 1, slips: [slip({ status: 'FAILED', note })] }));
    const { dialog } = await openSlips();
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
  });

  it('links straight to the picture when the slip has a link', async () => {
    answerSlips(() => ({ total: 1, slips: [slip({ link: '/media/slips/S-1.png' })] }));
    const { dialog } = await openSlips();
    const view = await within(dialog).findByRole('link', { name: 'View' });
    expect(view).toHaveAttribute('href', '/media/slips/S-1.png');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('asks the server for the url of a slip without a link, and opens it in a new window', async () => {
    const asked: string[] = [];
    answerSlips(() => ({ total: 1, slips: [slip({ reference: 'REF 9' })] }));
    server.use(
      http.get('*/api/statement/slip/reference/:reference', ({ params }) => {
        asked.push(String(params.reference));
        return HttpResponse.json({ url: 'https://cdn.example.test/slips/REF9.png' });
      }),
    );
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user, dialog } = await openSlips();
    await user.click(await within(dialog).findByRole('button', { name: 'View' }));
    await waitFor(() => expect(tab.location.href).toBe('https://cdn.example.test/slips/REF9.png'));
    expect(asked).toEqual(['REF 9']);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('reloads on refresh and pages 10 at a time', async () => {
    const bodies = answerSlips((page) => ({
      total: 12,
      slips: [slip({ id: `S-${page}`, amount: page * 100 })],
    }));
    const { user, dialog } = await openSlips();
    await within(dialog).findByText('฿100.00');
    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    expect(await within(dialog).findByText('฿200.00')).toBeInTheDocument();
    expect(bodies.map((body) => body.page)).toEqual([1, 1, 2]);
    expect(bodies.every((body) => body.limit === 10)).toBe(true);
  });

  it('hides the spinner without a toast when the slips cannot be loaded', async () => {
    server.use(
      http.post('*/api/statement/slip', () => HttpResponse.json({ message: 'INTERNAL_SERVER_ERROR' }, { status: 500 })),
    );
    const quiet = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { dialog } = await openSlips();
    expect(await within(dialog).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(screen.queryByText('Something went wrong. Please try again later.')).toBeNull();
    quiet.mockRestore();
  });
});
