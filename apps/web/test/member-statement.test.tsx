import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';

/** A statement row as POST /api/statement answers it; tests override what they need. */
function row(overrides: Record<string, unknown> = {}) {
  return {
    id: 'E-1',
    statementType: 'transfer',
    status: 'SUCCESS',
    from: 'wallet',
    to: 'PG',
    amount: -100,
    createdAt: '2026-11-22T09:57:00.000Z',
    ...overrides,
  };
}

/** Answers every statement page with `answer(page)` and records the bodies sent. */
function answerStatement(answer: (page: number) => JsonBodyType | Promise<JsonBodyType>) {
  const bodies: { page: number; limit: number }[] = [];
  server.use(
    http.post('*/api/statement', async ({ request }) => {
      const body = (await request.json()) as { page: number; limit: number };
      bodies.push(body);
      return HttpResponse.json(await answer(body.page));
    }),
  );
  return bodies;
}

function openStatement() {
  sessionStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  return renderApp('/user/statement', { advanceTimers: vi.advanceTimersByTime });
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.agreement, 'true');
  vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00.000Z'), shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('statement', () => {
  it('shows each row with its activity, signed amount, status tone and time', async () => {
    answerStatement(() => ({
      total: 3,
      statements: [
        row(),
        row({ id: 'E-2', statementType: 'deposit', status: 'FAILED', from: 'KBANK', to: 'wallet', amount: 500 }),
        row({
          id: 'E-3',
          statementType: 'bonus',
          status: 'IN_PROGRESS',
          from: 'bonus',
          to: 'wallet',
          amount: 50.5,
          createdAt: '2026-11-20T10:00:00.000Z',
          promotion: { description: 'Welcome 10%' },
        }),
      ],
    }));
    openStatement();
    expect(await screen.findByRole('heading', { name: 'Statement', level: 1 })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);

    const [transfer, deposit, bonus] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(transfer).getByText('Transfer from Wallet to PG Soft')).toBeInTheDocument();
    expect(within(transfer).getByRole('img', { name: 'Transfer' })).toBeInTheDocument();
    expect(within(transfer).getByText('-฿100.00')).toHaveClass('text-red-700');
    expect(within(transfer).getByText('Success')).toHaveAttribute('data-tone', 'success');
    expect(within(transfer).getByText('22/11/2026 16:57:00')).toBeInTheDocument();
    expect(within(transfer).getByText('(3 minutes ago)')).toBeInTheDocument();

    expect(within(deposit).getByText('Deposit from Kasikornbank to Wallet')).toBeInTheDocument();
    expect(within(deposit).getByText('+฿500.00')).toHaveClass('text-green-700');
    expect(within(deposit).getByText('Failed')).toHaveAttribute('data-tone', 'fail');

    expect(within(bonus).getByText('Bonus into Wallet')).toBeInTheDocument();
    expect(within(bonus).getByText('Welcome 10%')).toBeInTheDocument();
    expect(within(bonus).getByText('+฿50.50')).toHaveClass('text-green-700');
    expect(within(bonus).getByText('In progress')).toHaveAttribute('data-tone', 'warning');
    expect(within(bonus).getByText('(2 days ago)')).toBeInTheDocument();

    // Everything fits on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Statement pages' })).toBeNull();
  });

  it('names TrueMoney in words and any other outside party by its code', async () => {
    answerStatement(() => ({
      total: 2,
      statements: [
        row({ id: 'E-1', statementType: 'deposit', from: 'truemoney', to: 'wallet', amount: 20 }),
        row({ id: 'E-2', statementType: 'deposit', from: 'PAYONEX', to: 'wallet', amount: 100 }),
      ],
    }));
    openStatement();
    const rows = within(await screen.findByRole('list', { name: 'Transactions' })).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByText('Deposit from TrueMoney to Wallet')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Deposit from PAYONEX to Wallet')).toBeInTheDocument();
  });

  it("names a bank by its name in the reader's language, never by its code (issue 21, rough edge 2)", async () => {
    answerStatement(() => ({
      total: 2,
      statements: [
        row({ id: 'E-1', statementType: 'withdraw', from: 'wallet', to: 'SCB', amount: -50 }),
        row({ id: 'E-2', statementType: 'deposit', from: 'KBANK', to: 'wallet', amount: 20 }),
      ],
    }));
    const { changeLocale } = await import('../src/i18n/i18n.ts');
    await changeLocale('lo');
    try {
      openStatement();
      const rows = within(await screen.findByRole('list', { name: 'ລາຍການ' })).getAllByRole('listitem');
      expect(await within(rows[0] as HTMLElement).findByText(/ທະນາຄານໄທພານິດ/)).toBeInTheDocument();
      expect(within(rows[1] as HTMLElement).getByText(/ທະນາຄານກະສິກອນໄທ/)).toBeInTheDocument();
      expect(screen.queryByText(/SCB|KBANK/)).toBeNull();
    } finally {
      await changeLocale('en');
    }
  });

  it('reads the statement again in the language the member switches to', async () => {
    server.use(
      http.post('*/api/statement', ({ request }) => {
        const thai = request.headers.get('accept-language') === 'th';
        const description = thai ? 'โบนัสรายสัปดาห์ 50 บาท' : 'Weekly 50';
        return HttpResponse.json({ total: 1, statements: [row({ bonus: { description } })] });
      }),
    );
    const { user } = openStatement();
    expect(await screen.findByText('Weekly 50')).toBeInTheDocument();
    try {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'th');
      expect(await screen.findByText('โบนัสรายสัปดาห์ 50 บาท')).toBeInTheDocument();
    } finally {
      const { changeLocale } = await import('../src/i18n/i18n.ts');
      await changeLocale('en');
    }
  });

  it('asks for 10 rows of page 1, then page 2 when chosen, keeping page 1 on screen meanwhile', async () => {
    let releasePage2 = () => {};
    const page2Held = new Promise<void>((resolve) => (releasePage2 = resolve));
    const bodies = answerStatement(async (page) => {
      if (page === 2) await page2Held;
      return { total: 25, statements: [row({ id: `P${page}`, to: page === 1 ? 'PG' : 'JOKER' })] };
    });
    const { user } = openStatement();
    expect(await screen.findByText('Transfer from Wallet to PG Soft')).toBeInTheDocument();
    expect(bodies).toEqual([{ page: 1, limit: 10 }]);

    const pager = screen.getByRole('navigation', { name: 'Statement pages' });
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3']);

    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { page: 1, limit: 10 },
        { page: 2, limit: 10 },
      ]),
    );
    // The list does not blank while the next page is on its way.
    expect(screen.getByText('Transfer from Wallet to PG Soft')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Transactions' })).toHaveAttribute('aria-busy', 'true');

    releasePage2();
    expect(await screen.findByText('Transfer from Wallet to Joker Gaming')).toBeInTheDocument();
    expect(screen.queryByText('Transfer from Wallet to PG Soft')).toBeNull();
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3']);
    expect(screen.getByRole('heading', { name: 'Statement', level: 1 })).toHaveFocus();

    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 3, limit: 10 }));
    await waitFor(() => expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled());
  });

  it('shows the last page and the total beside the pages around the current one', async () => {
    answerStatement((page) => ({ total: 95, statements: [row({ id: `P${page}` })] }));
    const { user } = openStatement();
    const pager = await screen.findByRole('navigation', { name: 'Statement pages' });
    const numbers = () =>
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent);
    expect(numbers()).toEqual(['1', '2', '10']);
    expect(within(pager).getByText('Page 1 of 10 · 95 items')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Page 10' }));
    await waitFor(() => expect(numbers()).toEqual(['1', '7', '8', '9', '10']));
    expect(within(pager).getByText('Page 10 of 10 · 95 items')).toBeInTheDocument();
  });

  it('says so when there is nothing yet, without a pager', async () => {
    answerStatement(() => ({ total: 0, statements: [] }));
    openStatement();
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Transactions' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Statement pages' })).toBeNull();
  });

  it('shows slot codes and amounts without a currency when the wallet cannot be read', async () => {
    server.use(
      http.get('*/api/wallet', () => HttpResponse.json({ message: 'INTERNAL_SERVER_ERROR' }, { status: 500 })),
    );
    answerStatement(() => ({ total: 1, statements: [row()] }));
    openStatement();
    expect(await screen.findByText('Transfer from Wallet to PG')).toBeInTheDocument();
    expect(screen.getByText('-100.00')).toBeInTheDocument();
  });

  it('hides the spinner silently when the statement fails to load: no dialog, no toast, a log line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.post('*/api/statement', () => HttpResponse.json({ message: 'INTERNAL_SERVER_ERROR' }, { status: 500 })),
    );
    openStatement();
    expect(await screen.findByText('Could not load this information.')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    expect(toasts).toHaveTextContent('');
    expect(warn).toHaveBeenCalled();
  });
});

describe('member menu', () => {
  it('lists the statement between conditions and contact', async () => {
    answerStatement(() => ({ total: 0, statements: [] }));
    openStatement();
    await screen.findByText('No transactions yet.');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const entries = within(menu)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toEqual(['Profile', 'Conditions', 'Statement', 'Contact', 'Home']);
    expect(within(menu).getByRole('link', { name: 'Statement' })).toHaveAttribute('href', '/user/statement');
    expect(within(menu).getByRole('link', { name: 'Statement' })).toHaveAttribute('aria-current', 'page');
  });
});
