import { type BackofficeWithdrawal, WITHDRAWAL_REVIEWS } from '@member-wallet/contract/backoffice/withdrawals';
import { Button } from '@member-wallet/ui/button';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { ReviewQueue } from '../../components/review-queue.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { downloadWithdrawalsCsv } from './api/download-withdrawals-csv.ts';
import { useWithdrawals, type WithdrawalFilter } from './api/get-withdrawals.ts';
import { useReview } from './api/review-withdrawal.ts';

const FILTERS: readonly WithdrawalFilter[] = ['all', ...WITHDRAWAL_REVIEWS];

const REVIEW_TONE: Record<BackofficeWithdrawal['review'], string> = {
  awaiting: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  auto: 'bg-slate-200 text-slate-800',
};

type Pending = { kind: 'approve' | 'reject'; withdrawal: BackofficeWithdrawal };

/**
 * The withdrawals queue (docs/backoffice/withdrawals.md): awaiting review first by default, any review state
 * on demand, 20 a page from the server; approve after a confirmation, reject with a reason the member reads.
 */
export function WithdrawalsScreen() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      texts="withdrawals"
      filter={{
        param: 'review',
        options: FILTERS,
        first: 'awaiting',
        label: (option) => (option === 'all' ? t('withdrawals.filterAll') : t(`withdrawals.review.${option}`)),
      }}
      useRows={useWithdrawals}
      download={downloadWithdrawalsCsv}
      isEmpty={(data) => data.withdrawals.length === 0}
      dialog={(pending: Pending, close, done) =>
        pending.kind === 'approve' ? (
          <ApproveDialog withdrawal={pending.withdrawal} onClose={close} onDone={done} />
        ) : (
          <RejectDialog withdrawal={pending.withdrawal} onClose={close} onDone={done} />
        )
      }
    >
      {(data, open) => (
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
            {data.withdrawals.map((withdrawal) => (
              <WithdrawalRow
                key={withdrawal.id}
                withdrawal={withdrawal}
                onApprove={() => open({ kind: 'approve', withdrawal })}
                onReject={() => open({ kind: 'reject', withdrawal })}
              />
            ))}
          </ul>
        </div>
      )}
    </ReviewQueue>
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
  return (
    <ConfirmDialog
      title={t('withdrawals.approveTitle')}
      body={t('withdrawals.approveBody', {
        amount: formatMinor(withdrawal.amountMinor, withdrawal.currency),
        name: withdrawal.member.name,
        bank: `${withdrawal.bank.code} ${withdrawal.bank.accountNo}`,
      })}
      error={review.error ? errorText(review.error) : null}
      cancel={t('common.cancel')}
      confirm={t('withdrawals.approve')}
      busy={review.isPending}
      onClose={onClose}
      onConfirm={() =>
        review.mutate(
          { id: withdrawal.id, decision: 'approve' },
          { onSuccess: (answer) => onDone(answer.changed ? t('withdrawals.approved') : t('withdrawals.unchanged')) },
        )
      }
    />
  );
}

function RejectDialog({ withdrawal, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const review = useReview();
  return (
    <ReasonDialog
      title={t('withdrawals.rejectTitle')}
      body={t('withdrawals.rejectBody', {
        amount: formatMinor(withdrawal.amountMinor, withdrawal.currency),
        name: withdrawal.member.name,
      })}
      label={t('withdrawals.rejectReason')}
      hint={t('withdrawals.rejectReasonHint')}
      invalid={t('withdrawals.rejectReasonInvalid')}
      error={review.error ? errorText(review.error) : null}
      cancel={t('common.cancel')}
      submit={t('withdrawals.reject')}
      busy={review.isPending}
      onClose={onClose}
      onSubmit={(reason) =>
        review.mutate(
          { id: withdrawal.id, decision: 'reject', reason },
          { onSuccess: (answer) => onDone(answer.changed ? t('withdrawals.rejected') : t('withdrawals.unchanged')) },
        )
      }
    />
  );
}
