import { type BackofficeInviteReview, INVITE_REVIEW_STATUSES } from '@member-wallet/contract/backoffice/invite-reviews';
import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NoteField } from '../../components/note-field.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { ReviewQueue } from '../../components/review-queue.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { useInviteReviewDecision } from './api/decide-invite-review.ts';
import { downloadInviteReviewsCsv } from './api/download-invite-reviews-csv.ts';
import { type InviteReviewFilter, useInviteReviews } from './api/get-invite-reviews.ts';

const FILTERS: readonly InviteReviewFilter[] = [...INVITE_REVIEW_STATUSES, 'all'];

const STATUS_TONE: Record<BackofficeInviteReview['status'], string> = {
  held: 'bg-amber-100 text-amber-900',
  released: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

/** A decision's refusal: ALREADY_REVIEWED says so about a link, not the generic withdrawal text. */
function decisionErrorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError && error.code === 'ALREADY_REVIEWED'
    ? t('inviteReviews.alreadyReviewed')
    : errorText(error);
}

type Pending = { kind: 'release' | 'reject'; review: BackofficeInviteReview };

/**
 * Invite links held for review (docs/backoffice/invite-reviews.md): the held ones first, any
 * status on demand, 20 a page from the server, CSV of the filter. Each row says why the invitee matched its
 * inviter and what waits on the decision; release after a confirmation, reject with a reason.
 */
export function InviteReviewsScreen() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      texts="inviteReviews"
      filter={{
        param: 'status',
        options: FILTERS,
        first: 'held',
        label: (option) => (option === 'all' ? t('inviteReviews.filterAll') : t(`inviteReviews.status.${option}`)),
      }}
      useRows={useInviteReviews}
      download={downloadInviteReviewsCsv}
      isEmpty={(data) => data.reviews.length === 0}
      dialog={(pending: Pending, close, done) =>
        pending.kind === 'release' ? (
          <ReleaseDialog review={pending.review} onClose={close} onDone={done} />
        ) : (
          <RejectDialog review={pending.review} onClose={close} onDone={done} />
        )
      }
    >
      {(data, open) => (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {data.reviews.map((review) => (
            <ReviewRow
              key={review.invitee.id}
              review={review}
              onRelease={() => open({ kind: 'release', review })}
              onReject={() => open({ kind: 'reject', review })}
            />
          ))}
        </ul>
      )}
    </ReviewQueue>
  );
}

function Party({ label, party }: { label: string; party: BackofficeInviteReview['invitee'] }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 text-sm">
      <p className="text-slate-600">{label}</p>
      <Link to={`/members/${encodeURIComponent(party.id)}`} className="font-semibold text-brand-800 underline">
        {party.name}
      </Link>
      <p className="text-slate-600">{party.phone}</p>
      <p className="break-words text-slate-700">
        {party.bankCode} {party.bankAccountNo} · {party.bankAccountName}
      </p>
      <p className="text-slate-600">{t('inviteReviews.registeredFrom', { ip: party.registrationIp ?? '—' })}</p>
    </div>
  );
}

function ReviewRow({
  review,
  onRelease,
  onReject,
}: {
  review: BackofficeInviteReview;
  onRelease: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const name = review.invitee.name;
  return (
    <li
      data-testid="invite-review-row"
      className="grid grid-cols-1 gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.2fr_auto] lg:items-start"
    >
      <Party label={t('inviteReviews.inviter')} party={review.inviter} />
      <Party label={t('inviteReviews.invitee')} party={review.invitee} />
      <div className="min-w-0 text-sm">
        <p className="text-slate-600">{t('inviteReviews.matched')}</p>
        <ul className="flex flex-wrap gap-1">
          {review.reasons.map((reason) => (
            <li key={reason} className="rounded-full bg-slate-100 px-2 font-semibold text-slate-900">
              {t(`inviteReviews.reason.${reason}`)}
            </li>
          ))}
        </ul>
        <p className="mt-1 tabular-nums text-slate-900">
          {t('inviteReviews.heldAmount', { amount: formatMinor(review.heldMinor, review.currency) })}
        </p>
        {review.forfeitedMinor !== '0' ? (
          <p className="tabular-nums text-slate-700">
            {t('inviteReviews.forfeitedAmount', { amount: formatMinor(review.forfeitedMinor, review.currency) })}
          </p>
        ) : null}
        <p className="text-slate-600">
          {t('inviteReviews.heldAt')} <span className="tabular-nums">{formatDateTime(review.heldAt)}</span>
        </p>
      </div>
      <div className="text-sm lg:w-56">
        <span className={`inline-block rounded-full px-2 font-semibold ${STATUS_TONE[review.status]}`}>
          {t(`inviteReviews.status.${review.status}`)}
        </span>
        {review.decidedBy ? (
          <p className="text-slate-600">{t('inviteReviews.decidedBy', { operator: review.decidedBy })}</p>
        ) : null}
        {review.note ? (
          <p className="break-words text-slate-600">{t('inviteReviews.note', { note: review.note })}</p>
        ) : null}
        {review.status === 'held' ? (
          <div className="mt-2 flex gap-2">
            <Button className="flex-1" onClick={onRelease} aria-label={`${t('inviteReviews.release')} ${name}`}>
              {t('inviteReviews.release')}
            </Button>
            <Button
              className="flex-1"
              variant="danger"
              onClick={onReject}
              aria-label={`${t('inviteReviews.reject')} ${name}`}
            >
              {t('inviteReviews.reject')}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

interface DialogProps {
  review: BackofficeInviteReview;
  onClose: () => void;
  onDone: (notice: string) => void;
}

function ReleaseDialog({ review, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const decision = useInviteReviewDecision();
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      title={t('inviteReviews.releaseTitle')}
      body={t('inviteReviews.releaseBody', {
        amount: formatMinor(review.heldMinor, review.currency),
        inviter: review.inviter.name,
        invitee: review.invitee.name,
      })}
      error={decision.error ? decisionErrorText(decision.error, t) : null}
      cancel={t('common.cancel')}
      confirm={t('inviteReviews.release')}
      busy={decision.isPending}
      onClose={onClose}
      onConfirm={() =>
        decision.mutate(
          { id: review.invitee.id, decision: 'release', note },
          {
            onSuccess: (answer) => onDone(answer.changed ? t('inviteReviews.released') : t('inviteReviews.unchanged')),
          },
        )
      }
    >
      <NoteField label={t('inviteReviews.releaseNote')} value={note} onChange={setNote} />
    </ConfirmDialog>
  );
}

function RejectDialog({ review, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const decision = useInviteReviewDecision();
  return (
    <ReasonDialog
      title={t('inviteReviews.rejectTitle')}
      body={t('inviteReviews.rejectBody', {
        amount: formatMinor(review.heldMinor, review.currency),
        inviter: review.inviter.name,
        invitee: review.invitee.name,
      })}
      label={t('inviteReviews.rejectReason')}
      hint={t('inviteReviews.rejectReasonHint')}
      invalid={t('inviteReviews.rejectReasonInvalid')}
      error={decision.error ? decisionErrorText(decision.error, t) : null}
      cancel={t('common.cancel')}
      submit={t('inviteReviews.reject')}
      busy={decision.isPending}
      onClose={onClose}
      onSubmit={(reason) =>
        decision.mutate(
          { id: review.invitee.id, decision: 'reject', reason },
          {
            onSuccess: (answer) => onDone(answer.changed ? t('inviteReviews.rejected') : t('inviteReviews.unchanged')),
          },
        )
      }
    />
  );
}
