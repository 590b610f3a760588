import {
  STATEMENT_BYTES_MAX,
  type StatementAccount,
  type StatementCredit,
  type StatementFormat,
  type StatementImportResult,
  type StatementLineOutcome,
  type StatementPreview,
  statementRefusalOf,
} from '@member-wallet/contract/backoffice/statements';
import { Button } from '@member-wallet/ui/button';
import { FieldMessage, INPUT_CLASS } from '@member-wallet/ui/field-message';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { useStatementAccounts } from './api/get-statement-accounts.ts';
import { type StatementUpload, useImportStatement, usePreviewStatement } from './api/upload-statement.ts';

/** A refusal in this screen's words: a refused file names its row and what is wrong there. */
function uploadErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.code === 'STATEMENT_INVALID') {
    const refusal = statementRefusalOf(error.detail);
    if (refusal) {
      const problem = t(`statementImport.problems.${refusal.problem}`);
      return refusal.row === null ? problem : t('statementImport.refusedRow', { row: refusal.row, problem });
    }
  }
  return errorText(error);
}

/** `2026-11-25` as `25/11/2026`. */
function day(iso: string): string {
  const [year, month, date] = iso.split('-');
  return `${date}/${month}/${year}`;
}

function senderText(sender: StatementCredit['sender']): string {
  return [sender.bankCode, sender.accountNo, sender.name].filter(Boolean).join(' ');
}

const STATE_TONE: Record<StatementCredit['state'], string> = {
  new: 'bg-sky-100 text-sky-900',
  recorded: 'bg-slate-100 text-slate-800',
  elsewhere: 'bg-slate-100 text-slate-800',
};

const OUTCOME_TONE: Record<StatementLineOutcome['outcome'], string> = {
  matched: 'bg-emerald-100 text-emerald-900',
  unmatched: 'bg-amber-100 text-amber-900',
  duplicate: 'bg-slate-100 text-slate-800',
  conflict: 'bg-red-100 text-red-900',
  elsewhere: 'bg-slate-100 text-slate-800',
};

/**
 * Import a bank statement (docs/backoffice/statement-import.md): choose one of the operator's bank accounts and
 * the file exported from the bank, read what it holds (nothing recorded yet), then import it and read what came
 * of each credit line: credited to a member, in suspense and why, or recorded before.
 */
export function StatementImportScreen() {
  const { t } = useTranslation();
  const preview = usePreviewStatement();
  const importing = useImportStatement();
  const [upload, setUpload] = useState<StatementUpload | null>(null);

  function restart() {
    preview.reset();
    importing.reset();
    setUpload(null);
  }

  return (
    <section aria-labelledby="statement-import-title" className="space-y-4">
      <h1 id="statement-import-title" className="text-2xl font-semibold text-slate-900">
        {t('statementImport.title')}
      </h1>
      {importing.data ? (
        <ImportResult result={importing.data} onAgain={restart} />
      ) : preview.data && upload ? (
        <PreviewPanel
          preview={preview.data}
          importing={importing.isPending}
          error={importing.error ? uploadErrorText(importing.error, t) : null}
          onImport={() => importing.mutate({ ...upload, fileSha256: preview.data.fileSha256 })}
          onCancel={restart}
        />
      ) : (
        <UploadForm
          reading={preview.isPending}
          error={preview.error ? uploadErrorText(preview.error, t) : null}
          onRead={(chosen) => {
            setUpload(chosen);
            preview.mutate(chosen);
          }}
        />
      )}
    </section>
  );
}

function UploadForm({
  reading,
  error,
  onRead,
}: {
  reading: boolean;
  error: string | null;
  onRead: (upload: StatementUpload) => void;
}) {
  const { t } = useTranslation();
  const accounts = useStatementAccounts();
  const [chosen, setChosen] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const ids = { account: useId(), file: useId(), help: useId() };
  if (accounts.isPending) return <PageSpinner />;
  if (!accounts.data) return <ErrorAlert error={errorText(accounts.error)} />;
  const importable = accounts.data.accounts.filter((account) => account.formats.length > 0);
  const account = importable.find((each) => each.accountNo === chosen) ?? importable[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!account) return;
    if (!file) return setFileError(t('statementImport.fileMissing'));
    if (file.size > STATEMENT_BYTES_MAX) return setFileError(t('statementImport.fileTooLarge'));
    setFileError(null);
    onRead({ accountNo: account.accountNo, format: account.formats[0] as StatementFormat, file });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl bg-white p-4 shadow-sm">
      <div id={ids.help} className="space-y-1 text-sm text-slate-700">
        <p>{t('statementImport.help')}</p>
        <p>{t('statementImport.limits')}</p>
      </div>
      {importable.length === 0 ? <ErrorAlert error={t('statementImport.noAccounts')} /> : null}
      <div>
        <label htmlFor={ids.account} className="mb-1 block font-semibold text-slate-800">
          {t('statementImport.account')}
        </label>
        <select
          id={ids.account}
          value={account?.accountNo ?? ''}
          onChange={(event) => setChosen(event.target.value)}
          className={`${INPUT_CLASS} border-slate-300`}
        >
          {accounts.data.accounts.map((each) => (
            <option
              key={`${each.bankCode}-${each.accountNo}`}
              value={each.accountNo}
              disabled={each.formats.length === 0}
            >
              {accountLabel(each, t)}
            </option>
          ))}
        </select>
        {account ? (
          <p className="mt-1 text-sm text-slate-600">
            {t(`statementImport.formats.${account.formats[0] as StatementFormat}`)}
            {account.mode === 'AUTO' ? ` · ${t('statementImport.feedAccount')}` : ''}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={ids.file} className="mb-1 block font-semibold text-slate-800">
          {t('statementImport.file')}
        </label>
        <input
          id={ids.file}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${ids.help}${fileError ? ` ${ids.file}-message` : ''}`}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-100 file:px-4 file:font-semibold file:text-brand-900"
        />
        <FieldMessage id={`${ids.file}-message`} error={fileError} />
      </div>
      <ErrorAlert error={error} />
      <Button type="submit" loading={reading} disabled={!account}>
        {t('statementImport.read')}
      </Button>
    </form>
  );
}

function accountLabel(account: StatementAccount, t: TFunction): string {
  const text = `${account.bankCode} ${account.accountNo} · ${account.accountName} (${account.currency})`;
  return account.formats.length === 0 ? `${text} · ${t('statementImport.noFormat')}` : text;
}

function PreviewPanel({
  preview,
  importing,
  error,
  onImport,
  onCancel,
}: {
  preview: StatementPreview;
  importing: boolean;
  error: string | null;
  onImport: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fresh = preview.credits.filter((credit) => credit.state === 'new');
  const total = fresh.reduce((sum, credit) => sum + BigInt(credit.amountMinor), 0n);
  return (
    <section aria-labelledby="statement-preview-title" className="space-y-4" data-testid="statement-preview">
      <div className="space-y-2 rounded-2xl bg-white p-4 shadow-sm">
        <h2 id="statement-preview-title" className="text-lg font-semibold text-slate-900">
          {t('statementImport.previewTitle')}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">{t('statementImport.accountShown')}</dt>
          <dd className="text-slate-900">
            {preview.accountShown} ({preview.accountNo})
          </dd>
          <dt className="text-slate-600">{t('statementImport.period')}</dt>
          <dd className="text-slate-900">
            {day(preview.period.from)} – {day(preview.period.to)}
          </dd>
          <dt className="text-slate-600">{t('statementImport.toImport')}</dt>
          <dd className="font-semibold text-slate-900">
            {t('statementImport.linesAmount', {
              count: fresh.length,
              amount: formatMinor(String(total), preview.currency),
            })}
          </dd>
          <dt className="text-slate-600">{t('statementImport.notImported')}</dt>
          <dd className="text-slate-900">
            {t('statementImport.notImportedCounts', {
              recorded: preview.credits.length - fresh.length,
              skipped: preview.skipped.length,
              debits: preview.debitLines,
            })}
          </dd>
        </dl>
      </div>
      {preview.credits.length > 0 ? (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {preview.credits.map((credit) => (
            <LineRow key={credit.reference} row={credit.row} amount={formatMinor(credit.amountMinor, preview.currency)}>
              <p className="text-slate-600">{formatDateTime(credit.transferredAt)}</p>
              <p className="break-words text-slate-900">{senderText(credit.sender)}</p>
              <Badge tone={STATE_TONE[credit.state]}>
                {credit.state === 'elsewhere' && credit.recordedAs
                  ? t('statementImport.states.elsewhereAs', { reference: credit.recordedAs })
                  : t(`statementImport.states.${credit.state}`)}
              </Badge>
            </LineRow>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t('statementImport.noCredits')}</p>
      )}
      {preview.skipped.length > 0 ? (
        <details className="rounded-2xl bg-white p-4 text-sm shadow-sm">
          <summary className="min-h-11 cursor-pointer font-semibold text-slate-900">
            {t('statementImport.skippedTitle', { count: preview.skipped.length })}
          </summary>
          <p className="my-2 text-slate-700">{t('statementImport.skippedHelp')}</p>
          <ul className="space-y-1">
            {preview.skipped.map((line) => (
              <li key={line.row} className="text-slate-800">
                {t('statementImport.row', { row: line.row })} · {formatDateTime(line.transferredAt)} ·{' '}
                {formatMinor(line.amountMinor, preview.currency)} · {line.description} {line.details}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <ErrorAlert error={error} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={onImport} loading={importing} disabled={fresh.length === 0}>
          {fresh.length === 0 ? t('statementImport.nothingNew') : t('statementImport.import', { count: fresh.length })}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={importing}>
          {t('statementImport.otherFile')}
        </Button>
      </div>
    </section>
  );
}

function ImportResult({ result, onAgain }: { result: StatementImportResult; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="statement-result-title" className="space-y-4" data-testid="statement-result">
      <div role="status" className="space-y-1 rounded-2xl bg-emerald-50 p-4 text-emerald-950">
        <h2 id="statement-result-title" className="text-lg font-semibold">
          {t('statementImport.resultTitle')}
        </h2>
        <p>{t('statementImport.resultCounts', result.counts)}</p>
      </div>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
        {result.lines.map((line) => (
          <LineRow key={line.reference} row={line.row} amount={formatMinor(line.amountMinor, result.currency)}>
            <p className="break-words text-slate-900">{senderText(line.sender)}</p>
            <Badge tone={OUTCOME_TONE[line.outcome]}>{t(`statementImport.outcomes.${line.outcome}`)}</Badge>
            <OutcomeDetail line={line} />
          </LineRow>
        ))}
      </ul>
      <Button variant="secondary" onClick={onAgain}>
        {t('statementImport.again')}
      </Button>
    </section>
  );
}

function OutcomeDetail({ line }: { line: StatementLineOutcome }) {
  const { t } = useTranslation();
  if (line.member) {
    return (
      <Link to={`/members/${encodeURIComponent(line.member.id)}`} className="text-brand-800 underline">
        {t('statementImport.member', { name: line.member.name, phone: line.member.phone })}
      </Link>
    );
  }
  if (line.outcome === 'unmatched' || (line.outcome === 'duplicate' && line.reason)) {
    return (
      <Link to="/bank-transfers" className="text-brand-800 underline">
        {t('statementImport.inSuspense', { reason: t(`statementImport.reasons.${line.reason ?? 'no_member'}`) })}
      </Link>
    );
  }
  if (line.recordedAs)
    return (
      <p className="break-all text-slate-600">{t('statementImport.recordedAs', { reference: line.recordedAs })}</p>
    );
  return null;
}

function LineRow({ row, amount, children }: { row: number; amount: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="statement-line"
      className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[5rem_9rem_1fr] sm:items-center"
    >
      <p className="text-slate-600">{t('statementImport.row', { row })}</p>
      <p className="text-right font-semibold text-slate-900 tabular-nums sm:text-left">{amount}</p>
      <div className="col-span-2 space-y-1 sm:col-span-1 sm:flex sm:flex-wrap sm:items-center sm:gap-x-4 sm:space-y-0">
        {children}
      </div>
    </li>
  );
}

function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`inline-block rounded-full px-2 font-semibold ${tone}`}>{children}</span>;
}
