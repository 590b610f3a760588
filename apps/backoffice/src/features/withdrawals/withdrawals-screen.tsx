import { type BackofficeWithdrawal, WITHDRAWAL_REVIEWS } from '@member-wallet/contract/backoffice';
import { Button } from '@member-wallet/ui/button';
import { FieldMessage, INPUT_CLASS } from '@member-wallet/ui/field-message';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Dialog } from '../../components/dialog.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { downloadWithdrawalsCsv, PAGE_SIZE, useReview, useWithdrawals, type WithdrawalFilter } from './api.ts';

const FILTERS: readonly WithdrawalFilter[] = ['all', ...WITHDRAWAL_REVIEWS];
const REASON_MIN = 3;
const REASON_MAX = 200;

function isFilter(value: string | null): value is WithdrawalFilter {
  return value !== null && (FILTERS as readonly string[]).includes(value);
}

const REVIEW_TONE: Record<BackofficeWithdrawal['review'], string> = {
  awaiting: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  auto: 'bg-slate-200 text-slate-800',
};

type Pending = { kind: 'approve' | 'reject'; withdrawal: BackofficeWithdrawal };

/**
 * The withdrawals queue (docs/backoffice.md, Withdrawals): awaiting review first by default, any review state
 * on demand, 20 a page from the server; approve after a confirmation, reject with a reason the member reads.
 */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const review = params.get('review');
  const filter: WithdrawalFilter = isFilter(review) ? review : 'awaiting';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const withdrawals = useWithdrawals(filter, page);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const filterId = useId();

  const total = withdrawals.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function show(next: { filter?: WithdrawalFilter; page?: number }) {
    const query = new URLSearchParams();
    query.set('review', next.filter ?? filter);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  }

  async function exportCsv() {
    setExportError(null);
    setExporting(true);
    try {
      await downloadWithdrawalsCsv(filter);
    } catch (error) {
      setExportError(errorText(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <section aria-labelledby="withdrawals-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="withdrawals-title" className="text-2xl font-semibold text-slate-900">
          {t('withdrawals.title')}
        </h1>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={filterId} className="mb-1 block text-sm text-slate-700">
              {t('withdrawals.filter')}
            </label>
            <select
              id={filterId}
              value={filter}
              onChange={(event) => show({ filter: event.target.value as WithdrawalFilter })}
              className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base"
            >
              {FILTERS.map((option) => (
                <option key={option} value={option}>
                  {option === 'all' ? t('withdrawals.filterAll') : t(`withdrawals.review.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
            {t('withdrawals.exportCsv')}
          </Button>
        </div>
      </div>
      {exportError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {exportError}
        </p>
      ) : null}
      <p role="status" className={notice ? 'rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900' : 'sr-only'}>
        {notice}
      </p>
      {withdrawals.isPending ? (
        <PageSpinner />
      ) : withdrawals.isError ? (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-red-800">
          <p>{errorText(withdrawals.error)}</p>
          <Button variant="secondary" onClick={() => void withdrawals.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : withdrawals.data.withdrawals.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t('withdrawals.empty')}</p>
      ) : (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm">
          <div
            aria-hidden="true"
            className="hidden grid-cols-[1.3fr_1fr_1.4fr_1fr_1fr_auto] gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-600 lg:grid"
          >
            <span>{t('withdrawals.member')}</span>
            <span className="text-right">{t('withdrawals.amount')}</span>
            <span>{t('withdrawals.bank')}</span>
            <span>{t('withdrawals.createdAt')}</span>
            <span>{t('withdrawals.state')}</span>
            <span className="w-52">{t('withdrawals.actions')}</span>
          </div>
          <ul className="divide-y divide-slate-200">
            {withdrawals.data.withdrawals.map((withdrawal) => (
              <WithdrawalRow
                key={withdrawal.id}
                withdrawal={withdrawal}
                onApprove={() => setPending({ kind: 'approve', withdrawal })}
                onReject={() => setPending({ kind: 'reject', withdrawal })}
              />
            ))}
          </ul>
        </div>
      )}
      {withdrawals.data && total > 0 ? (
        <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={t('withdrawals.title')}>
          <span className="text-sm text-slate-600">
            {t('withdrawals.total', { count: total })} · {t('withdrawals.pageOf', { page, pages })}
          </span>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => show({ page: page - 1 })}>
              {t('withdrawals.previous')}
            </Button>
            <Button variant="secondary" disabled={page >= pages} onClick={() => show({ page: page + 1 })}>
              {t('withdrawals.next')}
            </Button>
          </div>
        </nav>
      ) : null}
      {pending?.kind === 'approve' ? (
        <ApproveDialog
          withdrawal={pending.withdrawal}
          onClose={() => setPending(null)}
          onDone={(text) => {
            setPending(null);
            setNotice(text);
          }}
        />
      ) : null}
      {pending?.kind === 'reject' ? (
        <RejectDialog
          withdrawal={pending.withdrawal}
          onClose={() => setPending(null)}
          onDone={(text) => {
            setPending(null);
            setNotice(text);
          }}
        />
      ) : null}
    </section>
  );
}

function WithdrawalRow({
  withdrawal,
  onApprove,
  onReject,
}: {
  withdrawal: BackofficeWithdrawal;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const { member, bank } = withdrawal;
  return (
    <li
      data-testid="withdrawal-row"
      className="grid grid-cols-2 gap-x-3 gap-y-2 px-4 py-3 lg:grid-cols-[1.3fr_1fr_1.4fr_1fr_1fr_auto] lg:items-center"
    >
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">{member.name}</p>
        <p className="text-sm text-slate-600">{member.phone}</p>
      </div>
      <p className="text-right font-semibold text-slate-900 tabular-nums">
        <span className="sr-only">{t('withdrawals.amount')} </span>
        {formatMinor(withdrawal.amountMinor, withdrawal.currency)}
      </p>
      <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
        <p className="text-slate-900">
          <span className="sr-only">{t('withdrawals.bank')} </span>
          {bank.code} {bank.accountNo}
        </p>
        <p className="truncate text-slate-600">{bank.accountName}</p>
      </div>
      <p className="text-sm text-slate-700 tabular-nums">
        <span className="sr-only">{t('withdrawals.createdAt')} </span>
        {formatDateTime(withdrawal.createdAt)}
      </p>
      <div className="text-right text-sm lg:text-left">
        <span className={`inline-block rounded-full px-2 font-semibold ${REVIEW_TONE[withdrawal.review]}`}>
          {t(`withdrawals.review.${withdrawal.review}`)}
        </span>
        <p className="text-slate-600">{t(`withdrawals.status.${withdrawal.status}`)}</p>
        {withdrawal.reviewedBy ? (
          <p className="text-slate-500">{t('withdrawals.reviewedBy', { operator: withdrawal.reviewedBy })}</p>
        ) : null}
        {withdrawal.failureReason ? (
          <p className="break-words text-slate-500">{t('withdrawals.reason', { reason: withdrawal.failureReason })}</p>
        ) : null}
      </div>
      <div className="col-span-2 flex gap-2 lg:col-span-1 lg:w-52">
        {withdrawal.review === 'awaiting' ? (
          <>
            <Button className="flex-1" onClick={onApprove} aria-label={`${t('withdrawals.approve')} ${member.name}`}>
              {t('withdrawals.approve')}
            </Button>
            <Button
              className="flex-1"
              variant="danger"
              onClick={onReject}
              aria-label={`${t('withdrawals.reject')} ${member.name}`}
            >
              {t('withdrawals.reject')}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

interface DialogProps {
  withdrawal: BackofficeWithdrawal;
  onClose: () => void;
  onDone: (notice: string) => void;
}

function ApproveDialog({ withdrawal, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const review = useReview();
  const amount = formatMinor(withdrawal.amountMinor, withdrawal.currency);
  return (
    <Dialog title={t('withdrawals.approveTitle')} onClose={onClose}>
      <p className="text-slate-700">
        {t('withdrawals.approveBody', {
          amount,
          name: withdrawal.member.name,
          bank: `${withdrawal.bank.code} ${withdrawal.bank.accountNo}`,
        })}
      </p>
      {review.error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {errorText(review.error)}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          loading={review.isPending}
          onClick={() =>
            review.mutate(
              { id: withdrawal.id, decision: 'approve' },
              {
                onSuccess: (answer) => onDone(answer.changed ? t('withdrawals.approved') : t('withdrawals.unchanged')),
              },
            )
          }
        >
          {t('withdrawals.approve')}
        </Button>
      </div>
    </Dialog>
  );
}

function RejectDialog({ withdrawal, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const review = useReview();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const fieldId = useId();
  const messageId = `${fieldId}-message`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN || trimmed.length > REASON_MAX) {
      setInvalid(true);
      return;
    }
    review.mutate(
      { id: withdrawal.id, decision: 'reject', reason: trimmed },
      { onSuccess: (answer) => onDone(answer.changed ? t('withdrawals.rejected') : t('withdrawals.unchanged')) },
    );
  }

  return (
    <Dialog title={t('withdrawals.rejectTitle')} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <p className="text-slate-700">
          {t('withdrawals.rejectBody', {
            amount: formatMinor(withdrawal.amountMinor, withdrawal.currency),
            name: withdrawal.member.name,
          })}
        </p>
        <label htmlFor={fieldId} className="mt-4 mb-1 block text-slate-800">
          {t('withdrawals.rejectReason')}
        </label>
        <textarea
          id={fieldId}
          name="reason"
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          aria-invalid={invalid || undefined}
          aria-describedby={messageId}
          onChange={(event) => {
            setReason(event.target.value);
            setInvalid(false);
          }}
          className={`${INPUT_CLASS} ${invalid ? 'border-red-600' : 'border-slate-300'}`}
        />
        <FieldMessage
          id={messageId}
          error={invalid ? t('withdrawals.rejectReasonInvalid') : null}
          hint={t('withdrawals.rejectReasonHint')}
        />
        {review.error ? (
          <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
            {errorText(review.error)}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={review.isPending}>
            {t('withdrawals.reject')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
