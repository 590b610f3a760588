import type { BackofficePersonMatch } from '@member-wallet/contract/backoffice/person-matches';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

function match(overrides: Partial<BackofficePersonMatch> = {}): BackofficePersonMatch {
  return {
    id: '7',
    member: {
      id: 'NEWER001',
      phone: '0899999999',
      bankCode: 'SCB',
      bankAccountNo: '2222222222',
      bankAccountName: 'SOMCHAI JAIDEE',
      registrationIp: '10.0.0.9',
      block: null,
    },
    other: {
      id: 'OLDER001',
      phone: '0811111111',
      bankCode: 'KBANK',
      bankAccountNo: '1111111111',
      bankAccountName: 'นาย สมชาย ใจดี',
      registrationIp: null,
      block: 'self_exclusion',
    },
    signals: ['name'],
    status: 'open',
    foundAt: '2026-12-03T01:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    note: null,
    ...overrides,
  };
}

function queue(rows: () => BackofficePersonMatch[], asked: URLSearchParams[] = []) {
  server.use(
    http.get('*/backoffice/api/person-matches', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      const list = rows();
      return HttpResponse.json({ total: list.length, matches: list });
    }),
  );
  return asked;
}

describe('possible same person', () => {
  it('lists the open matches first with both accounts, what they share and their blocks', async () => {
    const asked = queue(() => [match()]);
    renderApp('/person-matches');
    const [row] = await screen.findAllByTestId('person-match-row');
    expect(asked[0]?.get('status')).toBe('open');
    expect(row).toHaveTextContent('SCB 2222222222');
    expect(row).toHaveTextContent('KBANK 1111111111');
    expect(row).toHaveTextContent('Holder name');
    expect(row).toHaveTextContent('Self-excluded');
    expect(row).toHaveTextContent('Registered from 10.0.0.9');
    expect(within(row as HTMLElement).getByRole('link', { name: 'นาย สมชาย ใจดี' })).toHaveAttribute(
      'href',
      '/backoffice/members/OLDER001',
    );
    expect(screen.getByRole('link', { name: 'Same person?' })).toHaveAttribute('aria-current', 'page');
  });

  it('decides different people after a confirmation, with the note, and reads the queue again', async () => {
    let rows = [match()];
    let body: unknown;
    queue(() => rows);
    server.use(
      http.post('*/backoffice/api/person-matches/:id/decide', async ({ params, request }) => {
        body = { id: params.id, ...((await request.json()) as object) };
        rows = [];
        return HttpResponse.json({
          match: match({ status: 'dismissed', decidedBy: OPERATOR.username, note: 'Other birth date' }),
          changed: true,
        });
      }),
    );
    const { user } = renderApp('/person-matches');
    await screen.findByTestId('person-match-row');
    await user.click(screen.getByRole('button', { name: 'Different people' }));
    const dialog = screen.getByRole('dialog', { name: 'Are these accounts different people?' });
    expect(dialog).toHaveTextContent('SOMCHAI JAIDEE and นาย สมชาย ใจดี are treated as two people');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Other birth date');
    await user.click(within(dialog).getByRole('button', { name: 'Different people' }));
    expect(await screen.findByText('No accounts found alike here.')).toBeInTheDocument();
    expect(body).toEqual({ id: '7', decision: 'dismiss', note: 'Other birth date' });
    expect(screen.getByRole('status')).toHaveTextContent('Marked as different people');
  });

  it('links as one person, and shows a refusal translated', async () => {
    queue(() => [match()]);
    server.use(
      http.post('*/backoffice/api/person-matches/:id/decide', () =>
        HttpResponse.json({ message: 'ALREADY_REVIEWED' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/person-matches');
    await screen.findByTestId('person-match-row');
    await user.click(screen.getByRole('button', { name: 'Same person' }));
    const dialog = screen.getByRole('dialog', { name: 'Are these accounts one person?' });
    expect(dialog).toHaveTextContent('become one person for good');
    await user.click(within(dialog).getByRole('button', { name: 'Same person' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another operator already decided on these accounts.',
    );
  });

  it('filters by status, shows the decision, and exports the filter as CSV', async () => {
    const asked = queue(() => [match({ status: 'linked', decidedBy: null })]);
    let csv: URL | undefined;
    server.use(
      http.get('*/backoffice/api/person-matches.csv', ({ request }) => {
        csv = new URL(request.url);
        return new HttpResponse('\uFEFFid\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } });
      }),
    );
    URL.createObjectURL = () => 'blob:1';
    URL.revokeObjectURL = () => undefined;
    const { user } = renderApp('/person-matches');
    await screen.findByTestId('person-match-row');
    await user.selectOptions(screen.getByLabelText('Show'), 'Same person');
    await waitFor(() => expect(asked.at(-1)?.get('status')).toBe('linked'));
    const row = screen.getByTestId('person-match-row');
    expect(row).toHaveTextContent('Linked by the server');
    expect(within(row).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(csv?.searchParams.get('status')).toBe('linked'));
  });
});
