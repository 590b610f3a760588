import type {
  StatementAccount,
  StatementImportResult,
  StatementPreview,
} from '@member-wallet/contract/backoffice/statements';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';
import { OPERATOR, server } from './server.ts';

const SHA = 'ab'.repeat(32);

const ACCOUNTS: StatementAccount[] = [
  {
    accountNo: '9990001234',
    bankCode: 'KBANK',
    accountName: 'MEMBER WALLET',
    currency: 'BAHT',
    mode: 'AUTO',
    enabled: true,
    formats: ['kbank-kbiz-csv'],
  },
  {
    accountNo: '9990005678',
    bankCode: 'SCB',
    accountName: 'MEMBER WALLET',
    currency: 'BAHT',
    mode: 'MANUAL',
    enabled: true,
    formats: [],
  },
];

const PREVIEW: StatementPreview = {
  format: 'kbank-kbiz-csv',
  accountNo: '9990001234',
  currency: 'BAHT',
  accountShown: 'XXX-X-XX123-4',
  period: { from: '2026-11-25', to: '2026-11-26' },
  fileSha256: SHA,
  credits: [
    {
      row: 13,
      reference: 'kbiz-1',
      transferredAt: '2026-11-25T02:15:00.000Z',
      amountMinor: '150000',
      channel: 'Internet/Mobile',
      description: 'Transfer Deposit',
      details: 'From KTB X4321',
      sender: { bankCode: 'KTB', accountNo: 'X4321', name: null },
      state: 'new',
      recordedAs: null,
    },
    {
      row: 14,
      reference: 'kbiz-2',
      transferredAt: '2026-11-25T02:40:00.000Z',
      amountMinor: '50000',
      channel: 'K PLUS',
      description: 'Transfer Deposit',
      details: 'From X7788 MR. SOMCHAI JAIDEE++',
      sender: { bankCode: 'KBANK', accountNo: 'X7788', name: 'MR. SOMCHAI JAIDEE…' },
      state: 'new',
      recordedAs: null,
    },
    {
      row: 15,
      reference: 'kbiz-3',
      transferredAt: '2026-11-25T03:02:00.000Z',
      amountMinor: '200000',
      channel: 'Internet/Mobile',
      description: 'Transfer Deposit',
      details: 'From BBL X1122',
      sender: { bankCode: 'BBL', accountNo: 'X1122', name: null },
      state: 'recorded',
      recordedAs: null,
    },
  ],
  skipped: [
    {
      row: 19,
      transferredAt: '2026-11-25T19:29:00.000Z',
      amountMinor: '125',
      description: 'Automatic Deposit',
      details: 'From MEMBER WALLET SAVINGS',
    },
  ],
  debitLines: 1,
};

const RESULT: StatementImportResult = {
  format: 'kbank-kbiz-csv',
  accountNo: '9990001234',
  currency: 'BAHT',
  period: PREVIEW.period,
  fileSha256: SHA,
  lines: [
    {
      row: 13,
      reference: 'kbiz-1',
      amountMinor: '150000',
      sender: { bankCode: 'KTB', accountNo: 'X4321', name: null },
      outcome: 'unmatched',
      reason: 'several_members',
      member: null,
      transferId: '88',
      recordedAs: null,
    },
    {
      row: 14,
      reference: 'kbiz-2',
      amountMinor: '50000',
      sender: { bankCode: 'KBANK', accountNo: 'X7788', name: 'MR. SOMCHAI JAIDEE…' },
      outcome: 'matched',
      reason: null,
      member: { id: 'm-public-7', phone: '0812345678', name: 'Somchai Jaidee' },
      transferId: null,
      recordedAs: null,
    },
    {
      row: 15,
      reference: 'kbiz-3',
      amountMinor: '200000',
      sender: { bankCode: 'BBL', accountNo: 'X1122', name: null },
      outcome: 'duplicate',
      reason: null,
      member: { id: 'm-public-9', phone: '0899999999', name: 'Malee' },
      transferId: null,
      recordedAs: null,
    },
  ],
  counts: { matched: 1, unmatched: 1, duplicate: 1, conflict: 0, elsewhere: 0 },
};

function statementFile() {
  return new File(['\uFEFFรายการเดินบัญชีเงินฝากออมทรัพย์ (มีรายละเอียด),,,\r\n'], 'statement.csv', { type: 'text/csv' });
}

describe('statement import', () => {
  it('reads a file for a KBank account, shows its lines with masked senders, imports it and tells each outcome', async () => {
    const sent: Record<string, FormDataEntryValue | null>[] = [];
    const record = (form: FormData) =>
      sent.push({ accountNo: form.get('accountNo'), format: form.get('format'), fileSha256: form.get('fileSha256') });
    server.use(
      http.get('*/backoffice/api/statement-imports/accounts', () => HttpResponse.json({ accounts: ACCOUNTS })),
      http.post('*/backoffice/api/statement-imports/preview', async ({ request }) => {
        record(await request.formData());
        return HttpResponse.json(PREVIEW);
      }),
      http.post('*/backoffice/api/statement-imports', async ({ request }) => {
        record(await request.formData());
        return HttpResponse.json(RESULT);
      }),
    );
    const { user } = renderApp('/statement-import');
    const account = await screen.findByLabelText('Operator account');
    // An account of a bank whose layout is not known cannot be chosen.
    expect(within(account).getByRole('option', { name: /SCB 9990005678/ })).toBeDisabled();
    expect(screen.getByText(/KBank K-BIZ: savings account statement with detail, CSV/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Read the file' }));
    expect(screen.getByText('Choose the statement file.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Statement file'), statementFile());
    await user.click(screen.getByRole('button', { name: 'Read the file' }));

    const preview = await screen.findByTestId('statement-preview');
    expect(sent[0]).toEqual({ accountNo: '9990001234', format: 'kbank-kbiz-csv', fileSha256: null });
    expect(preview).toHaveTextContent('XXX-X-XX123-4 (9990001234)');
    expect(preview).toHaveTextContent('25/11/2026 – 26/11/2026');
    expect(preview).toHaveTextContent('2 deposits, 2,000.00 BAHT');
    const lines = within(preview).getAllByTestId('statement-line');
    expect(lines[1]).toHaveTextContent('Row 14');
    expect(lines[1]).toHaveTextContent('500.00 BAHT');
    expect(lines[1]).toHaveTextContent('KBANK X7788 MR. SOMCHAI JAIDEE…');
    expect(lines[1]).toHaveTextContent('New');
    expect(lines[2]).toHaveTextContent('Recorded before');
    expect(preview).toHaveTextContent('1 deposits without a sender account (not imported)');

    await user.click(screen.getByRole('button', { name: 'Import 2 deposits' }));
    const result = await screen.findByTestId('statement-result');
    expect(sent[1]).toEqual({ accountNo: '9990001234', format: 'kbank-kbiz-csv', fileSha256: SHA });
    expect(within(result).getByRole('status')).toHaveTextContent('1 credited to members · 1 in suspense');
    const outcomes = within(result).getAllByTestId('statement-line');
    expect(within(outcomes[0] as HTMLElement).getByRole('link')).toHaveTextContent(
      'Waiting in Transfers in suspense: several members fit the sender',
    );
    expect(
      within(outcomes[1] as HTMLElement).getByRole('link', { name: 'Somchai Jaidee, tel. 0812345678' }),
    ).toHaveAttribute('href', '/backoffice/members/m-public-7');
    expect(outcomes[2]).toHaveTextContent('Recorded before');
  });

  it('names the row of a refused file, translated', async () => {
    server.use(
      http.get('*/backoffice/api/statement-imports/accounts', () => HttpResponse.json({ accounts: ACCOUNTS })),
      http.post('*/backoffice/api/statement-imports/preview', () =>
        HttpResponse.json(
          { message: 'STATEMENT_INVALID', detail: JSON.stringify({ row: 15, problem: 'amount' }) },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/statement-import');
    await user.upload(await screen.findByLabelText('Statement file'), statementFile());
    await user.click(screen.getByRole('button', { name: 'Read the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Row 15 of the file: An amount is not written as the bank writes it (1,234.56).',
    );
  });

  it('is not for support operators', async () => {
    server.use(http.get('*/backoffice/api/auth/me', () => HttpResponse.json({ ...OPERATOR, role: 'support' })));
    renderApp('/statement-import');
    expect(await screen.findByText('Your role may not open this page.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Statement import' })).not.toBeInTheDocument();
  });
});
