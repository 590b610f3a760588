import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseKbankKbizCsv } from './kbank.parser.ts';
import { StatementRefusedError, statementReference } from './statement-file.ts';

/**
 * KBank K-BIZ "K-DEPOSIT STATEMENT OF SAVING ACCOUNT (WITH DETAIL)" CSV (docs/parties/statement-files.md). The
 * fixtures are written from the public layout (two exports kept as test files of OCA/l10n-thailand's
 * l10n_th_account_statement_import_kbiz), with our own accounts, names and amounts, senders masked as KBank masks.
 */

const fixture = (name: string) => readFileSync(new URL(`../../../test/statements/${name}`, import.meta.url));
const savings = fixture('kbank-kbiz-savings.csv');
const opening = fixture('kbank-kbiz-opening.csv');

/** The fixture's text with one part replaced (a row made wrong on purpose). */
function edited(from: string, to: string, file = savings): Buffer {
  const text = file.toString('utf8');
  if (!text.includes(from)) throw new Error(`fixture has no ${from}`);
  return Buffer.from(text.replace(from, to), 'utf8');
}

function refusal(bytes: Buffer): { row: number | null; problem: string } {
  try {
    parseKbankKbizCsv(bytes);
  } catch (error) {
    if (error instanceof StatementRefusedError) return { row: error.row, problem: error.problem };
    throw error;
  }
  throw new Error('the file was not refused');
}

describe('KBank K-BIZ statement CSV', () => {
  it('reads the credit lines that name a sender, with masked accounts, banks and cut names, in Thai time', () => {
    const statement = parseKbankKbizCsv(savings);
    expect(statement).toMatchObject({
      format: 'kbank-kbiz-csv',
      accountShown: 'XXX-X-XX123-4',
      accountRow: 5,
      period: { from: '2026-11-25', to: '2026-11-26' },
      debitLines: 1,
    });
    expect(
      statement.credits.map(({ row, transferredAt, amountMinor, channel, sender }) => ({
        row,
        at: transferredAt.toISOString(),
        amountMinor,
        channel,
        sender,
      })),
    ).toEqual([
      {
        row: 13,
        at: '2026-11-25T02:15:00.000Z',
        amountMinor: 150_000n,
        channel: 'Internet/Mobile',
        sender: { bankCode: 'KTB', accountNo: 'X4321', name: null },
      },
      // No bank named: a transfer from another KBank account.
      {
        row: 14,
        at: '2026-11-25T02:40:00.000Z',
        amountMinor: 50_000n,
        channel: 'K PLUS',
        sender: { bankCode: 'KBANK', accountNo: 'X7788', name: 'MR. SOMCHAI JAIDEE…' },
      },
      {
        row: 15,
        at: '2026-11-25T03:02:00.000Z',
        amountMinor: 200_000n,
        channel: 'Internet/Mobile',
        sender: { bankCode: 'BBL', accountNo: 'X1122', name: 'MS. MALEE SUKSAN…' },
      },
      {
        row: 16,
        at: '2026-11-25T03:02:00.000Z',
        amountMinor: 200_000n,
        channel: 'Internet/Mobile',
        sender: { bankCode: 'BBL', accountNo: 'X1122', name: 'MS. MALEE SUKSAN…' },
      },
      {
        row: 18,
        at: '2026-11-25T17:05:00.000Z',
        amountMinor: 2_505_050n,
        channel: 'Internet/Mobile',
        sender: { bankCode: 'SCB', accountNo: 'X5566', name: null },
      },
    ]);
    // A credit that names no sender account is shown, never recorded.
    expect(statement.skipped).toEqual([
      {
        row: 19,
        transferredAt: new Date('2026-11-25T19:29:00.000Z'),
        amountMinor: 125n,
        description: 'Automatic Deposit',
        details: 'From MEMBER WALLET SAVINGS',
      },
    ]);
  });

  it('gives each line a stable reference: the hash of its date-time, amount, channel, texts and occurrence', () => {
    const [first, , twinA, twinB] = parseKbankKbizCsv(savings).credits;
    expect(first?.reference).toBe(
      statementReference(
        'kbiz',
        'kbank-kbiz-csv',
        {
          localDateTime: '2026-11-25T09:15',
          amountMinor: 150_000n,
          channel: 'Internet/Mobile',
          description: 'Transfer Deposit',
          details: 'From KTB X4321',
        },
        1,
      ),
    );
    expect(first?.reference).toMatch(/^kbiz-[0-9a-f]{40}$/);
    // Two equal transfers in one minute: told apart by their order.
    expect(twinA?.reference).not.toBe(twinB?.reference);
    // The same file with LF line ends and no BOM, or read again, gives the same references.
    const again = parseKbankKbizCsv(
      Buffer.from(
        savings
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .replace(/\r\n/g, '\n'),
      ),
    );
    expect(again.credits.map((line) => line.reference)).toEqual(
      parseKbankKbizCsv(savings).credits.map((line) => line.reference),
    );
  });

  it('keeps a line its reference in a file of another period that holds the same day', () => {
    const dayOne = parseKbankKbizCsv(savings).credits.filter((line) => line.row < 17);
    const opened = parseKbankKbizCsv(opening);
    expect(opened.credits).toHaveLength(1);
    // The transfers of 25/11 keep their references whatever else the file holds.
    const trimmed = edited(
      ',26-11-26,00:05,Transfer Deposit,,,"25,050.50",,"38,050.50",,Internet/Mobile,,From SCB X5566\r\n',
      '',
    )
      .toString('utf8')
      .replace(
        ',26-11-26,02:29,Automatic Deposit,,,1.25,,"38,051.75",,Automatic Transfer,,From MEMBER WALLET SAVINGS\r\n',
        '',
      )
      .replace('25/11/2026 - 26/11/2026', '25/11/2026 - 25/11/2026')
      .replace(',,,,,,,ENDING BALANCE,,,,,"38,051.75"', ',,,,,,,ENDING BALANCE,,,,,"13,000.00"')
      .replace(',,,,,,,TOTAL DEPOSIT,,6,,ITEMS,"31,051.75"', ',,,,,,,TOTAL DEPOSIT,,4,,ITEMS,"6,000.00"');
    const shorter = parseKbankKbizCsv(Buffer.from(trimmed, 'utf8'));
    expect(shorter.credits.map((line) => line.reference)).toEqual(dayOne.map((line) => line.reference));
  });

  it('reads a row without amounts, a period across the new year, and dates of either year', () => {
    const statement = parseKbankKbizCsv(opening);
    expect(statement.period).toEqual({ from: '2026-12-31', to: '2027-01-01' });
    expect(statement.credits[0]).toMatchObject({
      row: 14,
      amountMinor: 200_000n,
      transferredAt: new Date('2026-12-31T16:59:00.000Z'),
      sender: { bankCode: 'KTB', accountNo: 'X0052', name: null },
    });
    expect(statement.debitLines).toBe(1);
  });

  it('reads a period written in Buddhist-era years, the rows then in its two-digit years', () => {
    const text = opening
      .toString('utf8')
      .replace('31/12/2026 - 01/01/2027', '31/12/2569 - 01/01/2570')
      .replaceAll(',31-12-26,', ',31-12-69,')
      .replace(',01-01-27,', ',01-01-70,');
    const statement = parseKbankKbizCsv(Buffer.from(text, 'utf8'));
    expect(statement.period).toEqual({ from: '2026-12-31', to: '2027-01-01' });
    expect(statement.credits[0]?.transferredAt).toEqual(new Date('2026-12-31T16:59:00.000Z'));
  });

  it('refuses a file of another layout or encoding as a whole', () => {
    expect(refusal(Buffer.from('Date,Description,Amount\n01/02/2026,x,1.00\n'))).toEqual({ row: 1, problem: 'format' });
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x80]))).toEqual({
      row: null,
      problem: 'encoding',
    });
    expect(refusal(edited('K-DEPOSIT STATEMENT OF SAVING ACCOUNT', 'K-DEPOSIT STATEMENT OF CURRENT ACCOUNT'))).toEqual({
      row: 2,
      problem: 'format',
    });
    expect(refusal(Buffer.alloc(0))).toEqual({ row: 1, problem: 'format' });
  });

  it('refuses a header that is not the layout, naming its row', () => {
    expect(refusal(edited(',,,,,,,Period,,,,25/11/2026 - 26/11/2026,', ',,,,,,,Period,,,,25/11/2026,'))).toEqual({
      row: 6,
      problem: 'header',
    });
    expect(refusal(edited('Descriptions,Withdrawal', 'Description,Withdrawal'))).toEqual({
      row: 11,
      problem: 'header',
    });
    expect(refusal(edited(',,,,,,,Account Number,,,,XXX-X-XX123-4,', ',,,,,,,Account No,,,,XXX-X-XX123-4,'))).toEqual({
      row: null,
      problem: 'header',
    });
  });

  it('refuses a transaction row out of the layout, naming its row', () => {
    expect(refusal(edited(',25-11-26,09:15,', ',2026-11-25,09:15,'))).toEqual({ row: 13, problem: 'date' });
    expect(refusal(edited(',25-11-26,09:15,', ',27-11-26,09:15,'))).toEqual({ row: 13, problem: 'date' });
    expect(refusal(edited(',25-11-26,09:40,', ',25-11-26,9.40,'))).toEqual({ row: 14, problem: 'time' });
    expect(refusal(edited(',,,500.00,,"12,000.00"', ',,,500,,"12,000.00"'))).toEqual({ row: 14, problem: 'amount' });
    expect(refusal(edited(',,,500.00,,"12,000.00"', ',,,-500.00,,"12,000.00"'))).toEqual({
      row: 14,
      problem: 'amount',
    });
    expect(refusal(edited(',,,500.00,,"12,000.00"', ',,,500.00,,"12,000.01"'))).toEqual({
      row: 14,
      problem: 'balance',
    });
    expect(refusal(edited('K PLUS,,From X7788', 'K PLUS,From X7788'))).toEqual({ row: 14, problem: 'columns' });
    expect(refusal(edited('Internet/Mobile,,From KTB X4321\r\n', 'Internet/Mobile,,"From KTB X4321\r\n'))).toEqual({
      row: 13,
      problem: 'columns',
    });
  });

  it("refuses a file whose rows disagree with the header's counts, totals or ending balance", () => {
    expect(refusal(edited('TOTAL DEPOSIT,,6,', 'TOTAL DEPOSIT,,7,'))).toEqual({ row: 10, problem: 'totals' });
    expect(refusal(edited('TOTAL WITHDRAWAL,,1,,ITEMS,"3,000.00"', 'TOTAL WITHDRAWAL,,1,,ITEMS,"3,000.01"'))).toEqual({
      row: 9,
      problem: 'totals',
    });
    expect(refusal(edited('ENDING BALANCE,,,,,"38,051.75"', 'ENDING BALANCE,,,,,"38,051.76"'))).toEqual({
      row: 8,
      problem: 'totals',
    });
  });
});
