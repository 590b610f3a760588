import { z } from 'zod/mini';
import { UNMATCHED_REASONS } from './suspense.ts';

// Statement files an operator exports from the bank and uploads (docs/parties/statement-files.md,
// docs/backoffice/statement-import.md): one operator bank account at a time, previewed, then imported.

/**
 * The statement layouts the server reads, each one bank's export. `kbank-kbiz-csv`: KBank K-BIZ, "K-DEPOSIT
 * STATEMENT OF SAVING ACCOUNT (WITH DETAIL)" as CSV.
 */
export const STATEMENT_FORMATS = ['kbank-kbiz-csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The multipart fields of a preview and of an import; the file goes in `file`. */
export const STATEMENT_FILE_FIELD = 'file';
export const STATEMENT_FIELDS = ['accountNo', 'format', 'fileSha256'] as const;
/** The fields that come with the file: the account, the layout, and for an import the preview's hash. */
export const statementUploadFields = z.object({
  accountNo: z.string().check(z.minLength(1, { error: 'KEY_MISSING' }), z.maxLength(40, { error: 'KEY_INVALID' })),
  format: z.enum(STATEMENT_FORMATS),
  fileSha256: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/, { error: 'KEY_INVALID' }))),
});
export type StatementUploadFields = z.infer<typeof statementUploadFields>;
/** A statement file is at most 2 MiB (a month of a busy account is a fraction of it). */
export const STATEMENT_BYTES_MAX = 2 * 1024 * 1024;
/** Credit lines one file may hold (an import records about 50 a second on PGlite): a busy account is imported a day at a time. */
export const STATEMENT_CREDITS_MAX = 1000;

/**
 * Why a file was refused (`400 STATEMENT_INVALID`, the error's `detail` is `{ row, problem }` as JSON): `row` is
 * the row a spreadsheet shows (null when the whole file is at fault).
 * - encoding: not UTF-8 text (a spreadsheet saved it in another encoding, or it is an .xlsx);
 * - format: the first rows are not the chosen layout's title;
 * - header: a label of the layout's header is missing or other;
 * - account: the statement is of another account than the one chosen;
 * - columns: a row has another number of cells than the layout's;
 * - date, time, amount: a cell that does not read as the layout writes it (a date outside the period too);
 * - balance: a row's balance is not the one before it with this row's amounts;
 * - totals: the header's counts, totals or ending balance disagree with the rows;
 * - too_many_credits: more credit lines than STATEMENT_CREDITS_MAX.
 */
export const STATEMENT_PROBLEMS = [
  'encoding',
  'format',
  'header',
  'account',
  'columns',
  'date',
  'time',
  'amount',
  'balance',
  'totals',
  'too_many_credits',
] as const;
export type StatementProblem = (typeof STATEMENT_PROBLEMS)[number];

export const statementRefusal = z.object({ row: z.nullable(z.int()), problem: z.enum(STATEMENT_PROBLEMS) });
export type StatementRefusal = z.infer<typeof statementRefusal>;

/** The refusal a `STATEMENT_INVALID` answer's `detail` carries, or null when it carries none. */
export function statementRefusalOf(detail: string | undefined): StatementRefusal | null {
  if (!detail) return null;
  try {
    const parsed = z.safeParse(statementRefusal, JSON.parse(detail));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An operator bank account of the deposit channels, and the statement layouts of its bank. */
export const statementAccount = z.object({
  accountNo: z.string(),
  bankCode: z.string(),
  accountName: z.string(),
  currency: z.string(),
  /** AUTO: its transfers also come from the bank feed; MANUAL: from members' slips. */
  mode: z.enum(['AUTO', 'MANUAL']),
  enabled: z.boolean(),
  /** Empty when no layout of its bank is known: its statements cannot be imported. */
  formats: z.array(z.enum(STATEMENT_FORMATS)),
});
export type StatementAccount = z.infer<typeof statementAccount>;
export const statementAccounts = z.object({ accounts: z.array(statementAccount) });
export type StatementAccounts = z.infer<typeof statementAccounts>;

/** The sender as the statement shows it: masked account, the bank when named, the name when shown (cut). */
export const statementSender = z.object({
  bankCode: z.string(),
  accountNo: z.string(),
  name: z.nullable(z.string()),
});

/**
 * A credit line before import: `new` is not recorded yet; `recorded`: its reference is (an earlier import of
 * the same lines); `elsewhere`: the bank feed or a member's slip recorded a transfer of this amount, sender bank
 * and minute, which is taken to be this one (it is not recorded again).
 */
export const STATEMENT_LINE_STATES = ['new', 'recorded', 'elsewhere'] as const;

export const statementCredit = z.object({
  row: z.int(),
  reference: z.string(),
  transferredAt: z.string(),
  amountMinor: z.string(),
  channel: z.string(),
  description: z.string(),
  details: z.string(),
  sender: statementSender,
  state: z.enum(STATEMENT_LINE_STATES),
  /** For `elsewhere`: the reference of the transfer the feed or a slip recorded. */
  recordedAs: z.nullable(z.string()),
});
export type StatementCredit = z.infer<typeof statementCredit>;

/** A credit whose details name no sender account (interest, a cash deposit): shown, never recorded. */
export const statementSkipped = z.object({
  row: z.int(),
  transferredAt: z.string(),
  amountMinor: z.string(),
  description: z.string(),
  details: z.string(),
});

export const statementPreview = z.object({
  format: z.enum(STATEMENT_FORMATS),
  accountNo: z.string(),
  currency: z.string(),
  /** The account number as the statement shows it (masked). */
  accountShown: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  /** What an import must name to record exactly this file. */
  fileSha256: z.string(),
  credits: z.array(statementCredit),
  skipped: z.array(statementSkipped),
  /** Debit lines (withdrawals, fees): read for the balance check, never recorded. */
  debitLines: z.int(),
});
export type StatementPreview = z.infer<typeof statementPreview>;

/**
 * A line's outcome: `matched` credited to `member`; `unmatched` in suspense for `reason`; `duplicate` recorded
 * before with the same details; `conflict` recorded before with other details (the first stands, an error is
 * logged); `elsewhere` the feed's or a slip's record of it stands.
 */
export const STATEMENT_OUTCOMES = ['matched', 'unmatched', 'duplicate', 'conflict', 'elsewhere'] as const;
export type StatementOutcome = (typeof STATEMENT_OUTCOMES)[number];

export const statementLineOutcome = z.object({
  row: z.int(),
  reference: z.string(),
  amountMinor: z.string(),
  sender: statementSender,
  outcome: z.enum(STATEMENT_OUTCOMES),
  reason: z.nullable(z.enum(UNMATCHED_REASONS)),
  member: z.nullable(z.object({ id: z.string(), phone: z.string(), name: z.string() })),
  /** The transfer's id in the suspense list, when it waits there. */
  transferId: z.nullable(z.string()),
  recordedAs: z.nullable(z.string()),
});
export type StatementLineOutcome = z.infer<typeof statementLineOutcome>;

export const statementImportResult = z.object({
  format: z.enum(STATEMENT_FORMATS),
  accountNo: z.string(),
  currency: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  fileSha256: z.string(),
  lines: z.array(statementLineOutcome),
  counts: z.object({
    matched: z.int(),
    unmatched: z.int(),
    duplicate: z.int(),
    conflict: z.int(),
    elsewhere: z.int(),
  }),
});
export type StatementImportResult = z.infer<typeof statementImportResult>;
