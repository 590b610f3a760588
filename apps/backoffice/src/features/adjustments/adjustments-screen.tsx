import { ADJUSTMENT_STATUSES, type BackofficeAdjustment } from '@member-wallet/contract/backoffice/adjustments';
import { Button } from '@member-wallet/ui/button';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { ReviewQueue } from '../../components/review-queue.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { downloadAdjustmentsCsv } from './api/download-adjustments-csv.ts';
import { type AdjustmentFilter, useAdjustments } from './api/get-adjustments.ts';
import { useAdjustmentReview } from './api/review-adjustment.ts';

const FILTERS: readonly AdjustmentFilter[] = ['all', ...ADJUSTMENT_STATUSES];

const STATUS_TONE: Record<BackofficeAdjustment['status'], string> = {
  awaiting: 'bg-amber-100 text-amber-900',
  applied: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

/** A decision's refusal: ALREADY_REVIEWED says so about an adjustment, not the generic withdrawal text. */
function reviewErrorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError && error.code === 'ALREADY_REVIEWED'
    ? t('adjustments.alreadyReviewed')
    : errorText(error);
}

type Pending = { kind: 'approve' | 'reject'; adjustment: BackofficeAdjustment };

/**
 * Manual adjustments (docs/backoffice/members.md, Manual adjustments): those awaiting a second operator first, any
 * status on demand, 20 a page from the server, CSV of the filter. `operator` is the signed-in username: their
 * own requests show no decision buttons (the server refuses them anyway).
 */
export function AdjustmentsScreen({ operator }: { operator: string }) {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      texts="adjustments"
      filter={{
        param: 'status',
        options: FILTERS,
        first: 'awaiting',
        label: (option) => (option === 'all' ? t('adjustments.filterAll') : t(`adjustments.status.${option}`)),
      }}
      useRows={useAdjustments}
      download={downloadAdjustmentsCsv}
      isEmpty={(data) => data.adjustments.length === 0}
      dialog={(pending: Pending, close, done) =>
        pending.kind === 'approve' ? (
          <ApproveDialog adjustment={pending.adjustment} onClose={close} onDone={done} />
        ) : (
          <RejectDialog adjustment={pending.adjustment} onClose={close} onDone={done} />
        )
      }
    >
      {(data, open) => (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {data.adjustments.map((adjustment) => (
            <AdjustmentRow
              key={adjustment.id}
              adjustment={adjustment}
              own={adjustment.requestedBy === operator}
              onApprove={() => open({ kind: 'approve', adjustment })}
              onReject={() => open({ kind: 'reject', adjustment })}
            />
          ))}
        </ul>
      )}
    </ReviewQueue>
  );
}

function AdjustmentRow({
  adjustment,
  own,
  onApprove,
  onReject,
}: {
  adjustment: BackofficeAdjustment;
  own: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const { member } = adjustment;
  const credit = !adjustment.amountMinor.startsWith('-');
  return (
    <li
      data-testid="adjustment-row"
      className="grid grid-cols-2 gap-x-3 gap-y-2 px-4 py-3 lg:grid-cols-[1.2fr_1fr_1.6fr_1fr_auto] lg:items-center"
    >
      <div className="min-w-0">
        <p className="truncate font-semibold text-slate-900">{member.name}</p>
        <p className="text-sm text-slate-600">{member.phone}</p>
      </div>
      <p className={`text-right font-semibold tabular-nums ${credit ? 'text-emerald-800' : 'text-red-800'}`}>
        <span className="sr-only">{credit ? t('adjustments.credit') : t('adjustments.debit')} </span>
        {formatMinor(adjustment.amountMinor, adjustment.currency)}
      </p>
      <div className="col-span-2 min-w-0 text-sm lg:col-span-1">
        <p className="break-words text-slate-900">{adjustment.reason}</p>
        {adjustment.asBonus ? (
          <p className="font-semibold text-brand-800">{t('adjustments.bonusTerms', adjustment.asBonus)}</p>
        ) : null}
        <p className="text-slate-600">
          {t('adjustments.requestedBy', { operator: adjustment.requestedBy })} ·{' '}
          <span className="tabular-nums">{formatDateTime(adjustment.requestedAt)}</span>
        </p>
      </div>
      <div className="text-sm">
        <span className={`inline-block rounded-full px-2 font-semibold ${STATUS_TONE[adjustment.status]}`}>
          {t(`adjustments.status.${adjustment.status}`)}
        </span>
        {adjustment.reviewedBy ? (
          <p className="text-slate-600">{t('adjustments.reviewedBy', { operator: adjustment.reviewedBy })}</p>
        ) : null}
        {adjustment.reviewReason ? (
          <p className="break-words text-slate-600">{t('adjustments.reason', { reason: adjustment.reviewReason })}</p>
        ) : null}
      </div>
      <div className="flex gap-2 lg:w-52">
        {adjustment.status === 'awaiting' && own ? (
          <p className="text-sm text-slate-600">{t('adjustments.ownRequest')}</p>
        ) : null}
        {adjustment.status === 'awaiting' && !own ? (
          <>
            <Button className="flex-1" onClick={onApprove} aria-label={`${t('adjustments.approve')} ${member.name}`}>
              {t('adjustments.approve')}
            </Button>
            <Button
              className="flex-1"
              variant="danger"
              onClick={onReject}
              aria-label={`${t('adjustments.reject')} ${member.name}`}
            >
              {t('adjustments.reject')}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

interface DialogProps {
  adjustment: BackofficeAdjustment;
  onClose: () => void;
  onDone: (notice: string) => void;
}

function ApproveDialog({ adjustment, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const review = useAdjustmentReview();
  return (
    <ConfirmDialog
      title={t('adjustments.approveTitle')}
      body={[
        t('adjustments.approveBody', {
          amount: formatMinor(adjustment.amountMinor, adjustment.currency),
          name: adjustment.member.name,
          reason: adjustment.reason,
        }),
        ...(adjustment.asBonus ? [t('adjustments.approveBonus', adjustment.asBonus)] : []),
      ].join(' ')}
      error={review.error ? reviewErrorText(review.error, t) : null}
      cancel={t('common.cancel')}
      confirm={t('adjustments.approve')}
      busy={review.isPending}
      onClose={onClose}
      onConfirm={() =>
        review.mutate(
          { id: adjustment.id, decision: 'approve' },
          { onSuccess: (answer) => onDone(answer.changed ? t('adjustments.approved') : t('adjustments.unchanged')) },
        )
      }
    />
  );
}

function RejectDialog({ adjustment, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const review = useAdjustmentReview();
  return (
    <ReasonDialog
      title={t('adjustments.rejectTitle')}
      body={t('adjustments.rejectBody', {
        amount: formatMinor(adjustment.amountMinor, adjustment.currency),
        name: adjustment.member.name,
      })}
      label={t('adjustments.rejectReason')}
      hint={t('adjustments.rejectReasonHint')}
      invalid={t('adjustments.rejectReasonInvalid')}
      error={review.error ? reviewErrorText(review.error, t) : null}
      cancel={t('common.cancel')}
      submit={t('adjustments.reject')}
      busy={review.isPending}
      onClose={onClose}
      onSubmit={(reason) =>
        review.mutate(
          { id: adjustment.id, decision: 'reject', reason },
          { onSuccess: (answer) => onDone(answer.changed ? t('adjustments.rejected') : t('adjustments.unchanged')) },
        )
      }
    />
  );
}
