import { createHash } from 'node:crypto';
import type {
  StatementAccounts,
  StatementCredit,
  StatementFormat,
  StatementImportResult,
  StatementLineOutcome,
  StatementOutcome,
  StatementPreview,
} from '@member-wallet/contract/backoffice/statements';
import { accountNoDigits } from '@member-wallet/contract/bank-account-no';
import type { IncomingTransfer } from '../../adapters/bank-feed/bank-feed.ts';
import type { AuditCaller, AuditRecorder } from '../../core/operator/audit-log.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { InFlight } from '../../lib/in-flight.ts';
import type { BankTransferOutcome } from '../bank-feed/bank-feed.module.ts';
import { accountFits } from '../deposits/deposits.module.ts';
import { ELSEWHERE_AFTER_MS, ELSEWHERE_BEFORE_MS, pairElsewhere } from './recorded-elsewhere.ts';
import { type ParsedStatement, type StatementCreditLine, StatementRefusedError, toTransfer } from './statement-file.ts';
import { formatsOf, STATEMENT_LAYOUTS, type StatementLayout } from './statement-formats.ts';
import type {
  OperatorBankAccount,
  RecordedTransfer,
  StatementImportRepository,
} from './statement-import.repository.ts';

/** What records one transfer as the bank feed does: the bank feed's matcher (modules/bank-feed). */
export interface TransferRecorder {
  record(transfer: IncomingTransfer): Promise<BankTransferOutcome>;
}

export interface StatementImportDeps {
  db: Db;
  repository: StatementImportRepository;
  recorder: TransferRecorder;
  audit: AuditRecorder;
  clock: Clock;
}

/** An uploaded statement file and what came with it. */
export interface StatementUpload {
  accountNo: string;
  format: StatementFormat;
  bytes: Buffer;
}

/** A file read for its account: the account, its layout, what the file says, and its hash. */
interface ReadStatement {
  account: OperatorBankAccount;
  layout: StatementLayout;
  statement: ParsedStatement;
  fileSha256: string;
}

/** Where each credit line stands before recording: recorded by reference, paired with another record, or new. */
interface Standing {
  recorded: Map<string, RecordedTransfer>;
  elsewhere: Map<string, string>;
}

/** The whole file is refused: `detail` names the row and the problem (contract: backoffice/statements.ts). */
function refused(row: number | null, problem: StatementRefusedError['problem']): AppError {
  return new AppError('STATEMENT_INVALID', undefined, JSON.stringify({ row, problem }));
}

function memberOf(row: RecordedTransfer | undefined): StatementLineOutcome['member'] {
  if (!row || row.member_public_id === null) return null;
  return { id: row.member_public_id, phone: row.member_phone ?? '', name: row.member_name ?? '' };
}

/**
 * Statement files an operator exports from the bank and uploads (docs/backoffice/statement-import.md): a file is
 * read whole for one operator bank account (refused whole at its first row out of the layout, or when it is
 * another account's), previewed, then each credit line that names a sender is recorded as the bank feed records
 * a transfer (the matcher: the member, or suspense), once per reference. Lines the feed or a slip recorded are
 * not recorded again. An import is audited with what it did.
 */
export class StatementImportService {
  /** One preview or import at a time per account on a node; the recording itself is safe against any race. */
  readonly #running = new InFlight(1);

  constructor(private readonly deps: StatementImportDeps) {}

  async accounts(): Promise<StatementAccounts> {
    const rows = await this.deps.repository.bankAccounts(this.deps.db);
    return {
      accounts: rows.map((row) => ({
        accountNo: row.account_no,
        bankCode: row.bank_code,
        accountName: row.account_name,
        currency: row.currency,
        mode: row.mode,
        enabled: row.enabled,
        formats: formatsOf(row.bank_code, row.currency),
      })),
    };
  }

  preview(upload: StatementUpload): Promise<StatementPreview> {
    return this.#running.run(`account:${upload.accountNo}`, async () => {
      const read = await this.read(upload);
      const standing = await this.standing(read);
      const { statement, account } = read;
      return {
        format: upload.format,
        accountNo: account.account_no,
        currency: account.currency,
        accountShown: statement.accountShown,
        period: statement.period,
        fileSha256: read.fileSha256,
        credits: statement.credits.map((line) => creditView(line, standing)),
        skipped: statement.skipped.map((line) => ({
          row: line.row,
          transferredAt: line.transferredAt.toISOString(),
          amountMinor: String(line.amountMinor),
          description: line.description,
          details: line.details,
        })),
        debitLines: statement.debitLines,
      };
    });
  }

  /** Records the file's credit lines, if it is the file previewed (`fileSha256`); answers each line's outcome. */
  import(upload: StatementUpload, fileSha256: string, caller: AuditCaller): Promise<StatementImportResult> {
    return this.#running.run(`account:${upload.accountNo}`, async () => {
      const read = await this.read(upload);
      if (read.fileSha256 !== fileSha256) throw new AppError('STATEMENT_CHANGED');
      const { account, statement } = read;
      const standing = await this.standing(read);
      const outcomes: StatementOutcome[] = [];
      for (const line of statement.credits) {
        if (standing.elsewhere.has(line.reference)) outcomes.push('elsewhere');
        else outcomes.push(await this.deps.recorder.record(toTransfer(line, account.account_no, account.currency)));
      }
      const recorded = await this.deps.repository.recorded(
        this.deps.db,
        account.account_no,
        statement.credits.map((line) => line.reference),
      );
      const byReference = new Map(recorded.map((row) => [row.reference, row]));
      const lines = statement.credits.map((line, index) =>
        lineOutcome(line, outcomes[index] as StatementOutcome, byReference.get(line.reference), standing),
      );
      const result: StatementImportResult = {
        format: upload.format,
        accountNo: account.account_no,
        currency: account.currency,
        period: statement.period,
        fileSha256,
        lines,
        counts: countOutcomes(outcomes),
      };
      await this.audit(result, statement, caller);
      return result;
    });
  }

  /** The account, the layout, the file read whole, and its SHA-256; any fault refuses it before anything else. */
  private async read(upload: StatementUpload): Promise<ReadStatement> {
    const account = await this.deps.repository.bankAccount(this.deps.db, accountNoDigits(upload.accountNo) ?? '');
    if (!account) throw new AppError('KEY_INVALID', { accountNo: 'KEY_INVALID' });
    const layout = STATEMENT_LAYOUTS[upload.format];
    if (layout.bankCode !== account.bank_code || layout.currency !== account.currency)
      throw new AppError('KEY_INVALID', { format: 'KEY_INVALID' });
    let statement: ParsedStatement;
    try {
      statement = layout.parse(upload.bytes);
    } catch (error) {
      if (error instanceof StatementRefusedError) throw refused(error.row, error.problem);
      throw error;
    }
    if (!accountFits(statement.accountShown, account.account_no)) throw refused(statement.accountRow, 'account');
    const fileSha256 = createHash('sha256').update(upload.bytes).digest('hex');
    return { account, layout, statement, fileSha256 };
  }

  /** Which lines are recorded already (by reference), and which the feed or a slip recorded (by pairing). */
  private async standing({ account, layout, statement }: ReadStatement): Promise<Standing> {
    const { db, repository } = this.deps;
    const references = statement.credits.map((line) => line.reference);
    const recorded = new Map(
      (await repository.recorded(db, account.account_no, references)).map((row) => [row.reference, row]),
    );
    const open = statement.credits.filter((line) => !recorded.has(line.reference));
    if (open.length === 0) return { recorded, elsewhere: new Map() };
    const times = open.map((line) => line.transferredAt.getTime());
    const others = await repository.otherRecordings(
      db,
      account.account_no,
      layout.referencePrefix,
      new Date(Math.min(...times) - ELSEWHERE_BEFORE_MS),
      new Date(Math.max(...times) + ELSEWHERE_AFTER_MS),
    );
    const elsewhere = pairElsewhere(
      open.map((line) => ({
        reference: line.reference,
        transferredAt: line.transferredAt,
        amountMinor: line.amountMinor,
        senderBankCode: line.sender.bankCode,
      })),
      others,
    );
    return { recorded, elsewhere };
  }

  private async audit(result: StatementImportResult, statement: ParsedStatement, caller: AuditCaller) {
    await this.deps.audit.record(
      this.deps.db,
      {
        ...caller,
        action: 'statement.import',
        target: `bank-account:${result.accountNo}`,
        after: {
          format: result.format,
          fileSha256: result.fileSha256,
          period: result.period,
          credits: result.lines.length,
          skipped: statement.skipped.length,
          outcomes: result.counts,
        },
      },
      this.deps.clock.now(),
    );
  }
}

function creditView(line: StatementCreditLine, standing: Standing): StatementCredit {
  const elsewhere = standing.elsewhere.get(line.reference) ?? null;
  return {
    row: line.row,
    reference: line.reference,
    transferredAt: line.transferredAt.toISOString(),
    amountMinor: String(line.amountMinor),
    channel: line.channel,
    description: line.description,
    details: line.details,
    sender: line.sender,
    state: standing.recorded.has(line.reference) ? 'recorded' : elsewhere === null ? 'new' : 'elsewhere',
    recordedAs: elsewhere,
  };
}

function lineOutcome(
  line: StatementCreditLine,
  outcome: StatementOutcome,
  row: RecordedTransfer | undefined,
  standing: Standing,
): StatementLineOutcome {
  return {
    row: line.row,
    reference: line.reference,
    amountMinor: String(line.amountMinor),
    sender: line.sender,
    outcome,
    reason: outcome === 'elsewhere' ? null : (row?.unmatched_reason ?? null),
    member: outcome === 'elsewhere' ? null : memberOf(row),
    transferId: row && row.status === 'unmatched' ? String(row.id) : null,
    recordedAs: standing.elsewhere.get(line.reference) ?? null,
  };
}

function countOutcomes(outcomes: readonly StatementOutcome[]): StatementImportResult['counts'] {
  const counts = { matched: 0, unmatched: 0, duplicate: 0, conflict: 0, elsewhere: 0 };
  for (const outcome of outcomes) counts[outcome] += 1;
  return counts;
}
