import {
  type BackofficeSlip,
  SLIP_REVIEW_FILTERS,
  SLIP_REVIEW_REASONS,
} from '@member-wallet/contract/backoffice/slips';
import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListScreen } from '../../components/list-screen.tsx';
import { NoteField } from '../../components/note-field.tsx';
import { pageFromParams } from '../../components/pager.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { PAGE_SIZE } from '../../lib/paged-query.ts';
import { downloadSlipsCsv } from './api/download-slips-csv.ts';
import { type ReasonFilter, type ReviewFilter, type SlipFilters, useSlipReviews } from './api/get-slip-reviews.ts';
import { useSlipReview } from './api/review-slip.ts';

const REVIEW_FILTERS: readonly ReviewFilter[] = [...SLIP_REVIEW_FILTERS, 'all'];
const REASON_FILTERS: readonly ReasonFilter[] = ['all', ...SLIP_REVIEW_REASONS];

function pick<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The errors of a review, in this screen's words where the shared ones speak of withdrawals. */
function reviewErrorText(error: unknown, t: ReturnType<typeof useTranslation>['t']): string {
  if (error instanceof ApiError && error.code === 'ALREADY_REVIEWED') return t('slipReview.errors.alreadyReviewed');
  return errorText(error);
}

type Pending = { kind: 'credit' | 'dismiss' | 'picture'; slip: BackofficeSlip };

/**
 * Slips to review (docs/backoffice/deposits.md): uploads refused with a verified amount (sent from another account,
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
  const page = pageFromParams(params);
  const slips = useSlipReviews(filters, page);
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function show(next: Partial<SlipFilters> & { page?: number }) {
    const query = new URLSearchParams();
    query.set('review', next.review ?? filters.review);
    query.set('reason', next.reason ?? filters.reason);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  }

  function done(text: string) {
    setPending(null);
    setNotice(text);
  }

  return (
    <ListScreen
      titleId="slips-title"
      title={t('slipReview.title')}
      filters={
        <>
          <FilterSelect
            label={t('slipReview.filter')}
            value={filters.review}
            options={REVIEW_FILTERS}
            optionLabel={(option) => t(`slipReview.filters.${option}`)}
            onChange={(option) => show({ review: option })}
          />
          <FilterSelect
            label={t('slipReview.reasonFilter')}
            value={filters.reason}
            options={REASON_FILTERS}
            optionLabel={(option) => t(`slipReview.reasons.${option}`)}
            onChange={(option) => show({ reason: option })}
          />
        </>
      }
      exportLabel={t('slipReview.exportCsv')}
      download={() => downloadSlipsCsv(filters)}
      notice={notice}
      query={slips}
      retry={t('common.retry')}
      isEmpty={(data) => data.slips.length === 0}
      empty={t('slipReview.empty')}
      pageSize={PAGE_SIZE}
      pager={{
        label: t('slipReview.title'),
        summary: (total, pages) =>
          `${t('slipReview.total', { count: total })} · ${t('slipReview.pageOf', { page, pages })}`,
        page,
        previous: t('slipReview.previous'),
        next: t('slipReview.next'),
        onPage: (next) => show({ page: next }),
      }}
      dialogs={
        <>
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
        </>
      }
    >
      {(data) => (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {data.slips.map((slip) => (
            <SlipRow key={slip.id} slip={slip} onPending={(kind) => setPending({ kind, slip })} />
          ))}
        </ul>
      )}
    </ListScreen>
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
  const amount = formatMinor(slip.amountMinor, slip.currency ?? '');
  return (
    <ConfirmDialog
      title={t('slipReview.creditTitle')}
      body={t('slipReview.creditBody', { amount, name: slip.member.name, phone: slip.member.phone })}
      error={review.error ? reviewErrorText(review.error, t) : null}
      cancel={t('common.cancel')}
      confirm={t('slipReview.credit')}
      busy={review.isPending}
      onClose={onClose}
      onConfirm={() =>
        review.mutate(
          { id: slip.id, kind: 'credit', note: note.trim() },
          { onSuccess: (answer) => onDone(answer.changed ? t('slipReview.credited') : t('slipReview.unchanged')) },
        )
      }
    >
      <NoteField label={t('slipReview.note')} value={note} onChange={setNote} />
    </ConfirmDialog>
  );
}

function DismissDialog({ slip, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const review = useSlipReview();
  return (
    <ReasonDialog
      title={t('slipReview.dismissTitle')}
      body={t('slipReview.dismissBody', { name: slip.member.name })}
      label={t('slipReview.dismissReason')}
      hint={t('slipReview.reasonHint')}
      invalid={t('slipReview.reasonInvalid')}
      error={review.error ? reviewErrorText(review.error, t) : null}
      cancel={t('common.cancel')}
      submit={t('slipReview.dismiss')}
      busy={review.isPending}
      onClose={onClose}
      onSubmit={(reason) =>
        review.mutate(
          { id: slip.id, kind: 'dismiss', reason },
          { onSuccess: (answer) => onDone(answer.changed ? t('slipReview.dismissed') : t('slipReview.unchanged')) },
        )
      }
    />
  );
}
