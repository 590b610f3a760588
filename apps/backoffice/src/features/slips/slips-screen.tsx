import { type BackofficeSlip, SLIP_REVIEW_FILTERS, SLIP_REVIEW_REASONS } from '@member-wallet/contract/backoffice';
import { Button } from '@member-wallet/ui/button';
import { FieldMessage, INPUT_CLASS } from '@member-wallet/ui/field-message';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Dialog } from '../../components/dialog.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import {
  downloadSlipsCsv,
  PAGE_SIZE,
  type ReasonFilter,
  type ReviewFilter,
  type SlipFilters,
  useSlipReview,
  useSlipReviews,
} from './api.ts';

const REVIEW_FILTERS: readonly ReviewFilter[] = [...SLIP_REVIEW_FILTERS, 'all'];
const REASON_FILTERS: readonly ReasonFilter[] = ['all', ...SLIP_REVIEW_REASONS];
const REASON_MIN = 3;
const REASON_MAX = 200;
const NOTE_MAX = 200;

function pick<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The errors of a review, in this screen's words where the shared ones speak of withdrawals. */
function reviewErrorText(error: unknown, t: ReturnType<typeof useTranslation>['t']): string {
  if (error instanceof ApiError && error.code === 'ALREADY_REVIEWED') return t('slipReview.errors.alreadyReviewed');
  if (error instanceof ApiError && error.code === 'KEY_INVALID' && error.status === 409)
    return t('slipReview.errors.notCreditable');
  return errorText(error);
}

type Pending = { kind: 'credit' | 'dismiss' | 'picture'; slip: BackofficeSlip };

/**
 * Slips to review (docs/backoffice.md): uploads refused with a verified amount (sent from another account,
 * or too late), whose money reached the operator's account. The picture (click to enlarge), then credit it to
 * the member after a confirmation, or dismiss it with a reason. 20 a page from the server; CSV of the filters.
 */
export function SlipsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters: SlipFilters = {
    review: pick(params.get('review'), REVIEW_FILTERS, 'needed'),
    reason: pick(params.get('reason'), REASON_FILTERS, 'all'),
  };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const slips = useSlipReviews(filters, page);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const reviewId = useId();
  const reasonId = useId();

  const total = slips.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  function show(next: Partial<SlipFilters> & { page?: number }) {
    const query = new URLSearchParams();
    query.set('review', next.review ?? filters.review);
    query.set('reason', next.reason ?? filters.reason);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  }

  async function exportCsv() {
    setExportError(null);
    setExporting(true);
    try {
      await downloadSlipsCsv(filters);
    } catch (error) {
      setExportError(errorText(error));
    } finally {
      setExporting(false);
    }
  }

  function done(text: string) {
    setPending(null);
    setNotice(text);
  }

  const selectClass = 'min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base';
  return (
    <section aria-labelledby="slips-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="slips-title" className="text-2xl font-semibold text-slate-900">
          {t('slipReview.title')}
        </h1>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={reviewId} className="mb-1 block text-sm text-slate-700">
              {t('slipReview.filter')}
            </label>
            <select
              id={reviewId}
              value={filters.review}
              onChange={(event) => show({ review: event.target.value as ReviewFilter })}
              className={selectClass}
            >
              {REVIEW_FILTERS.map((option) => (
                <option key={option} value={option}>
                  {t(`slipReview.filters.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={reasonId} className="mb-1 block text-sm text-slate-700">
              {t('slipReview.reasonFilter')}
            </label>
            <select
              id={reasonId}
              value={filters.reason}
              onChange={(event) => show({ reason: event.target.value as ReasonFilter })}
              className={selectClass}
            >
              {REASON_FILTERS.map((option) => (
                <option key={option} value={option}>
                  {t(`slipReview.reasons.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" loading={exporting} onClick={() => void exportCsv()}>
            {t('slipReview.exportCsv')}
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
      {slips.isPending ? (
        <PageSpinner />
      ) : slips.isError ? (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-red-800">
          <p>{errorText(slips.error)}</p>
          <Button variant="secondary" onClick={() => void slips.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : slips.data.slips.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t('slipReview.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {slips.data.slips.map((slip) => (
            <SlipRow key={slip.id} slip={slip} onPending={(kind) => setPending({ kind, slip })} />
          ))}
        </ul>
      )}
      {slips.data && total > 0 ? (
        <nav className="flex flex-wrap items-center justify-between gap-2" aria-label={t('slipReview.title')}>
          <span className="text-sm text-slate-600">
            {t('slipReview.total', { count: total })} · {t('slipReview.pageOf', { page, pages })}
          </span>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => show({ page: page - 1 })}>
              {t('slipReview.previous')}
            </Button>
            <Button variant="secondary" disabled={page >= pages} onClick={() => show({ page: page + 1 })}>
              {t('slipReview.next')}
            </Button>
          </div>
        </nav>
      ) : null}
      {pending?.kind === 'picture' && pending.slip.pictureUrl ? (
        <Dialog title={t('slipReview.picture')} onClose={() => setPending(null)}>
          <img
            src={pending.slip.pictureUrl}
            alt={t('slipReview.pictureOf', { name: pending.slip.member.name })}
            className="mx-auto max-h-[75dvh] w-auto"
          />
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onClick={() => setPending(null)}>
              {t('slipReview.close')}
            </Button>
          </div>
        </Dialog>
      ) : null}
      {pending?.kind === 'credit' ? (
        <CreditDialog slip={pending.slip} onClose={() => setPending(null)} onDone={done} />
      ) : null}
      {pending?.kind === 'dismiss' ? (
        <DismissDialog slip={pending.slip} onClose={() => setPending(null)} onDone={done} />
      ) : null}
    </section>
  );
}

function SlipRow({ slip, onPending }: { slip: BackofficeSlip; onPending: (kind: Pending['kind']) => void }) {
  const { t } = useTranslation();
  const amount = formatMinor(slip.amountMinor, slip.currency ?? '');
  return (
    <li
      data-testid="slip-row"
      className="grid grid-cols-[5rem_1fr] gap-x-3 gap-y-2 px-4 py-3 lg:grid-cols-[5rem_1.3fr_1fr_1.3fr_auto] lg:items-center"
    >
      {slip.pictureUrl ? (
        <button
          type="button"
          onClick={() => onPending('picture')}
          className="row-span-2 min-h-11 overflow-hidden rounded-lg border border-slate-200 lg:row-span-1"
          aria-label={t('slipReview.enlarge', { name: slip.member.name })}
        >
          <img src={slip.pictureUrl} alt="" className="h-24 w-20 object-cover" loading="lazy" />
        </button>
      ) : (
        <span className="row-span-2 text-sm text-slate-500 lg:row-span-1">{t('slipReview.noPicture')}</span>
      )}
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">{slip.member.name}</p>
        <p className="text-sm text-slate-600">{slip.member.phone}</p>
        <p className="text-sm text-slate-600">{formatDateTime(slip.createdAt)}</p>
      </div>
      <div className="text-sm">
        <p className="text-base font-semibold text-slate-900 tabular-nums">
          <span className="sr-only">{t('slipReview.amount')} </span>
          {amount}
        </p>
        <p className="break-all text-slate-600">{t('slipReview.reference', { reference: slip.reference ?? '-' })}</p>
      </div>
      <div className="text-sm">
        <span className="inline-block rounded-full bg-amber-100 px-2 font-semibold text-amber-900">
          {t(`slipReview.reasons.${slip.reason}`)}
        </span>
        {slip.review ? (
          <p className="text-slate-700">
            {t(`slipReview.review.${slip.review}`)}
            {slip.reviewedBy ? ` · ${t('slipReview.reviewedBy', { operator: slip.reviewedBy })}` : ''}
          </p>
        ) : null}
        {slip.reviewNote ? <p className="break-words text-slate-500">{slip.reviewNote}</p> : null}
      </div>
      <div className="col-span-2 flex gap-2 lg:col-span-1 lg:w-52">
        {slip.review === null ? (
          <>
            <Button
              className="flex-1"
              onClick={() => onPending('credit')}
              aria-label={`${t('slipReview.credit')} ${amount}`}
            >
              {t('slipReview.credit')}
            </Button>
            <Button
              className="flex-1"
              variant="danger"
              onClick={() => onPending('dismiss')}
              aria-label={`${t('slipReview.dismiss')} ${amount}`}
            >
              {t('slipReview.dismiss')}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

interface DialogProps {
  slip: BackofficeSlip;
  onClose: () => void;
  onDone: (notice: string) => void;
}

function CreditDialog({ slip, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const review = useSlipReview();
  const [note, setNote] = useState('');
  const noteId = useId();
  const amount = formatMinor(slip.amountMinor, slip.currency ?? '');
  return (
    <Dialog title={t('slipReview.creditTitle')} onClose={onClose}>
      <p className="text-slate-700">
        {t('slipReview.creditBody', { amount, name: slip.member.name, phone: slip.member.phone })}
      </p>
      <label htmlFor={noteId} className="mt-4 mb-1 block text-slate-800">
        {t('slipReview.note')}
      </label>
      <input
        id={noteId}
        value={note}
        maxLength={NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
        className={`${INPUT_CLASS} border-slate-300`}
      />
      {review.error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {reviewErrorText(review.error, t)}
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
              { id: slip.id, kind: 'credit', note: note.trim() },
              { onSuccess: (answer) => onDone(answer.changed ? t('slipReview.credited') : t('slipReview.unchanged')) },
            )
          }
        >
          {t('slipReview.credit')}
        </Button>
      </div>
    </Dialog>
  );
}

function DismissDialog({ slip, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const review = useSlipReview();
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
      { id: slip.id, kind: 'dismiss', reason: trimmed },
      { onSuccess: (answer) => onDone(answer.changed ? t('slipReview.dismissed') : t('slipReview.unchanged')) },
    );
  }

  return (
    <Dialog title={t('slipReview.dismissTitle')} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <p className="text-slate-700">{t('slipReview.dismissBody', { name: slip.member.name })}</p>
        <label htmlFor={fieldId} className="mt-4 mb-1 block text-slate-800">
          {t('slipReview.dismissReason')}
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
          error={invalid ? t('slipReview.reasonInvalid') : null}
          hint={t('slipReview.reasonHint')}
        />
        {review.error ? (
          <p role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
            {reviewErrorText(review.error, t)}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={review.isPending}>
            {t('slipReview.dismiss')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
