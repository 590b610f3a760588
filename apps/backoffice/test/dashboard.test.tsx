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

  it("shows each job's last run and next run, and which fail and why", async () => {
    renderApp('/dashboard');
    const jobs = await screen.findByTestId('dashboard-jobs');
    const settler = within(jobs).getByRole('listitem', { name: 'QR payment settler' });
    expect(settler).toHaveTextContent('Running normally');
    expect(settler).toHaveTextContent('Last run 23/11/2026 10:15:00 on web-1:4242');
    expect(settler).toHaveTextContent('Next run 23/11/2026 10:15:30');
    const payouts = within(jobs).getByRole('listitem', { name: 'Withdrawal settler' });
    expect(payouts).toHaveTextContent('Failing: 3 passes in a row');
    expect(payouts).toHaveTextContent('Last failure 23/11/2026 10:15:12: Error: payout party answered 503');
    expect(payouts).toHaveTextContent('Last success 23/11/2026 09:00:00');
  });

  it('warns when a job is late, as when no node runs it', async () => {
    const [late] = dashboard().jobs;
    server.use(
      http.get('*/backoffice/api/dashboard', () => HttpResponse.json(dashboard({ jobs: [{ ...late!, late: true }] }))),
    );
    renderApp('/dashboard');
    const jobs = await screen.findByTestId('dashboard-jobs');
    expect(within(jobs).getByRole('listitem', { name: 'QR payment settler' })).toHaveTextContent(
      'Late: no node has run it since it was due',
    );
  });

  it('says when no job has run yet', async () => {
    server.use(http.get('*/backoffice/api/dashboard', () => HttpResponse.json(dashboard({ jobs: [] }))));
    renderApp('/dashboard');
    expect(await screen.findByTestId('dashboard-jobs')).toHaveTextContent('No job has run yet');
  });
});
