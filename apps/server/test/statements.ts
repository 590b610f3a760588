import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import type { TestApp } from './helpers.ts';
import { multipartBody } from './slips.ts';

/**
 * KBank K-BIZ statement files for tests, in the layout of test/statements/kbank-kbiz-savings.csv
 * (docs/parties/statement-files.md): the header's totals and every row's balance are computed, so a test names
 * only its lines.
 */

export interface KbizLine {
  /** `DD-MM-YY`. */
  date: string;
  /** `HH:MM`, Thai time. */
  time: string;
  /** Baht with two decimals, as the file writes it (`1,500.00`). */
  amount: string;
  /** Withdrawals are read for the balance only. */
  kind?: 'deposit' | 'withdrawal';
  details: string;
  channel?: string;
}

export interface KbizFile {
  /** As the statement shows it, `XXX-X-XX123-4`. */
  accountShown: string;
  /** `DD/MM/YYYY - DD/MM/YYYY`. */
  period: string;
  /** The beginning balance's date, `DD-MM-YY`. */
  from: string;
  lines: KbizLine[];
}

function minorOf(amount: string): bigint {
  return BigInt(amount.replace(/[,.]/g, ''));
}

function written(minor: bigint): string {
  const whole = (minor / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = `${whole}.${(minor % 100n).toString().padStart(2, '0')}`;
  return text.includes(',') ? `"${text}"` : text;
}

/** The file's bytes: BOM, CRLF, the two titles, the account block, the column header, the rows. */
export function kbizStatement(file: KbizFile): Buffer {
  const opening = 100_000n;
  let balance = opening;
  const totals = { withdrawals: 0, withdrawn: 0n, deposits: 0, deposited: 0n };
  const rows = file.lines.map((line) => {
    const minor = minorOf(line.amount);
    const deposit = (line.kind ?? 'deposit') === 'deposit';
    balance += deposit ? minor : -minor;
    if (deposit) {
      totals.deposits += 1;
      totals.deposited += minor;
    } else {
      totals.withdrawals += 1;
      totals.withdrawn += minor;
    }
    const description = deposit ? 'Transfer Deposit' : 'Transfer Withdrawal';
    const [withdrawal, credit] = deposit ? ['', written(minor)] : [written(minor), ''];
    return `,${line.date},${line.time},${description},${withdrawal},,${credit},,${written(balance)},,${line.channel ?? 'Internet/Mobile'},,${line.details}`;
  });
  const text = [
    '\uFEFFรายการเดินบัญชีเงินฝากออมทรัพย์ (มีรายละเอียด),,,,,,,,,,,,',
    'K-DEPOSIT STATEMENT OF SAVING ACCOUNT (WITH DETAIL),,,,,,,,,,,,',
    ',Ref. No. DD.123 : N26112601234567890123I/2569,Page 1/1,,,0295,,,,,,,',
    ',Account,"MEMBER WALLET CO.,LTD.\r\n... กรุงเทพมหานคร 10500",,,,,Reference Code,,,,26112601234567890123,',
    `,,,,,,,Account Number,,,,${file.accountShown},`,
    `,,,,,,,Period,,,,${file.period},`,
    ',,,,,,,Owner Branch,,,,Silom Branch,',
    `,,,,,,,ENDING BALANCE,,,,,${written(balance)}`,
    `,,,,,,,TOTAL WITHDRAWAL,,${totals.withdrawals},,ITEMS,${written(totals.withdrawn)}`,
    `,,,,,,,TOTAL DEPOSIT,,${totals.deposits},,ITEMS,${written(totals.deposited)}`,
    ',Date,"Time/\r\nEff.Date",Descriptions,Withdrawal,,Deposit,,"Outstanding\r\nBalance",,Channel,,Details',
    `,${file.from},,Beginning Balance,,,,,${written(opening)},,,,`,
    ...rows,
  ];
  return Buffer.from(`${text.join('\r\n')}\r\n`, 'utf8');
}

/** A sender's account as a KBank statement masks it: its last four digits after an `X`. */
export function maskedAsKbank(accountNo: string): string {
  return `X${accountNo.replace(/\D/g, '').slice(-4)}`;
}

/** Posts a statement file to the preview or the import, as the back-office's form does. */
export function postStatement(
  t: TestApp,
  step: 'preview' | 'import',
  headers: Record<string, string>,
  upload: { accountNo: string; bytes: Buffer; fileSha256?: string; format?: string },
) {
  const fields: Record<string, string> = { accountNo: upload.accountNo, format: upload.format ?? 'kbank-kbiz-csv' };
  if (upload.fileSha256) fields.fileSha256 = upload.fileSha256;
  const body = multipartBody(
    [{ bytes: upload.bytes, field: 'file', filename: 'statement.csv', contentType: 'text/csv' }],
    fields,
  );
  return t.api({
    method: 'POST',
    url: step === 'preview' ? BACKOFFICE_API.statementPreview : BACKOFFICE_API.statementImport,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}
