import type { AuditEntry } from '@member-wallet/contract/backoffice/audit';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

const entry: AuditEntry = {
  id: '12',
  actor: 'alice',
  action: 'settings.flags',
  target: 'setting:flags',
  before: { terminated: false },
  after: { terminated: true },
  ip: '10.0.0.5',
  at: '2026-11-22T17:05:09.000Z',
};

let queries: string[];
beforeEach(() => {
  queries = [];
  server.use(
    http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'admin' })),
    http.get('*/backoffice/api/audit', ({ request }) => {
      queries.push(new URL(request.url).search);
      return HttpResponse.json({
        total: 25,
        entries: [entry, { ...entry, id: '11', action: 'operator.create', actor: 'cli', before: null, ip: null }],
      });
    }),
  );
});

describe('audit log', () => {
  it('shows who did what when, before and after pretty-printed', async () => {
    const { user } = renderApp('/audit');
    const [row, created] = await screen.findAllByTestId('audit-row');
    if (!row || !created) throw new Error('two rows expected');
    expect(row).toHaveTextContent('settings.flags');
    expect(row).toHaveTextContent('alice');
    expect(row).toHaveTextContent('setting:flags');
    expect(row).toHaveTextContent('23/11/2026 00:05:09');
    expect(row).toHaveTextContent('Address 10.0.0.5');
    await user.click(within(row).getByText('Before and after'));
    const blocks = row.querySelectorAll('pre');
    expect(blocks[0]?.textContent).toBe('{\n  "terminated": false\n}');
    expect(blocks[1]?.textContent).toBe('{\n  "terminated": true\n}');
    await user.click(within(created).getByText('Before and after'));
    expect(within(created).getByText('(nothing)')).toBeVisible();
    expect(created.querySelectorAll('pre')).toHaveLength(1);
    expect(queries).toEqual(['?page=1&limit=20']);
    expect(screen.getByText(/Page 1 of 2/)).toBeInTheDocument();
  });

  it('filters by action and operator and pages on the server', async () => {
    const { user } = renderApp('/audit');
    await screen.findAllByTestId('audit-row');
    await user.type(screen.getByLabelText('Action'), 'withdrawal.approve');
    await user.type(screen.getByLabelText('Operator'), 'Bob');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?action=withdrawal.approve&actor=bob&page=2&limit=20'));
  });

  it('filters by target, from the address and from the form, in the list and the CSV', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/backoffice/api/audit.csv', ({ request }) => {
        asked = new URL(request.url);
        return new HttpResponse('\uFEFFid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    URL.createObjectURL = () => 'blob:1';
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/audit?target=operator:5');
    await screen.findAllByTestId('audit-row');
    expect(queries).toEqual(['?target=operator%3A5&page=1&limit=20']);
    expect(screen.getByLabelText('Target')).toHaveValue('operator:5');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(asked?.searchParams.get('target')).toBe('operator:5'));

    await user.clear(screen.getByLabelText('Target'));
    await user.type(screen.getByLabelText('Target'), ' operator:12 ');
    await user.type(screen.getByLabelText('Action'), 'operator.reset');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?action=operator.reset&target=operator%3A12&page=1&limit=20'));
  });

  it('exports the filters as CSV', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('*/backoffice/api/audit.csv', ({ request }) => {
        asked = new URL(request.url);
        return new HttpResponse('\uFEFFid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob:1');
      return 'blob:1';
    };
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/audit?action=sandbox.faults');
    await screen.findAllByTestId('audit-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toEqual(['blob:1']));
    expect(asked?.search).toBe('?action=sandbox.faults');
  });

  it('is for admins only', async () => {
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json(OPERATOR)));
    renderApp('/audit');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only administrators may see this page.');
    expect(screen.queryByRole('link', { name: 'Audit log' })).toBeNull();
    expect(queries).toEqual([]);
  });
});
