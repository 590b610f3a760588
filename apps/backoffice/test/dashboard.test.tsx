import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentPath, renderApp } from './render-app.tsx';
import { dashboard, server } from './server.ts';

describe('dashboard', () => {
  it("shows the day's money, what waits, the members signed in and a balanced ledger", async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Today since 23/11/2026 00:00:00')).toBeInTheDocument();
    const deposits = screen.getByTestId('dashboard-deposits');
    expect(deposits).toHaveTextContent('Number: 4');
    expect(deposits).toHaveTextContent('12,500.50 BAHT');
    const withdrawals = screen.getByTestId('dashboard-withdrawals');
    expect(withdrawals).toHaveTextContent('In progress · Number: 2');
    expect(withdrawals).toHaveTextContent('3,000.00 BAHT');
    expect(withdrawals).toHaveTextContent('Paid · Number: 1');
    expect(screen.getByTestId('dashboard-members')).toHaveTextContent('17');
    expect(screen.getByTestId('dashboard-ledger')).toHaveTextContent('The ledger is balanced');
    expect(within(screen.getByTestId('dashboard-ledger')).queryByRole('alert')).toBeNull();
  });

  it('leads from the withdrawals to review to the queue', async () => {
    const { user } = renderApp('/dashboard');
    const pending = await screen.findByTestId('dashboard-pending');
    expect(pending).toHaveTextContent('Bank transfers in suspense2');
    await user.click(within(pending).getByRole('link', { name: /Withdrawals to review/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawals' })).toBeInTheDocument();
    expect(currentPath()).toBe('/backoffice/withdrawals');
  });

  it('leads from the unread chats to the inbox showing them', async () => {
    renderApp('/dashboard');
    const pending = await screen.findByTestId('dashboard-pending');
    const link = within(pending).getByRole('link', { name: /Chats waiting for an answer.*5/ });
    expect(link).toHaveAttribute('href', '/backoffice/chat?filter=unread');
  });

  it('leads from the invite links held to their queue', async () => {
    renderApp('/dashboard');
    const pending = await screen.findByTestId('dashboard-pending');
    const link = within(pending).getByRole('link', { name: /Invite links held for review.*2/ });
    expect(link).toHaveAttribute('href', '/backoffice/invite-reviews?status=held');
  });

  it('raises an alert when the ledger drifts, and says when nothing happened today', async () => {
    server.use(
      http.get('*/backoffice/api/dashboard', () =>
        HttpResponse.json(dashboard({ deposits: [], withdrawals: [], ledger: { drifts: 2, unbalancedEntries: 0 } })),
      ),
    );
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The ledger does not balance');
    expect(alert).toHaveTextContent('Balance drifts: 2');
    expect(screen.getByTestId('dashboard-deposits')).toHaveTextContent('None today');
  });

  it('shows a translated error with a retry when the dashboard cannot be read', async () => {
    let calls = 0;
    server.use(
      http.get('*/backoffice/api/dashboard', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'FORBIDDEN' }, { status: 403 })
          : HttpResponse.json(dashboard());
      }),
    );
    const { user } = renderApp('/dashboard');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('dashboard-ledger')).toBeInTheDocument();
  });
});
