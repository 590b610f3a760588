import {
  BANK_NAME_CHANGE_STATUSES,
  type BackofficeBankNameChange,
} from '@member-wallet/contract/backoffice/bank-name-changes';
import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NoteField } from '../../components/note-field.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { ReviewQueue } from '../../components/review-queue.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { useBankNameChangeDecision } from './api/decide-bank-name-change.ts';
import { downloadBankNameChangesCsv } from './api/download-bank-name-changes-csv.ts';
import { type BankNameChangeFilter, useBankNameChanges } from './api/get-bank-name-changes.ts';

const FILTERS: readonly BankNameChangeFilter[] = [...BANK_NAME_CHANGE_STATUSES, 'all'];

const STATUS_TONE: Record<BackofficeBankNameChange['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

/** A decision's refusal: ALREADY_REVIEWED says so about a name change, not the generic withdrawal text. */
function decisionErrorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError && error.code === 'ALREADY_REVIEWED'
    ? t('bankNameChanges.alreadyReviewed')
    : errorText(error);
}

type Pending = { kind: 'approve' | 'reject'; change: BackofficeBankNameChange };

/**
 * Bank account name changes that are not a spelling of the registered name (docs/backoffice/bank-name-changes.md):
 * the pending ones first, any status on demand, 20 a page from the server, CSV of the filter. Each row shows the
 * member, the name now and the name asked for; approve after a confirmation, reject with a reason.
 */
export function BankNameChangesScreen() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      texts="bankNameChanges"
      filter={{
        param: 'status',
        options: FILTERS,
        first: 'pending',
        label: (option) => (option === 'all' ? t('bankNameChanges.filterAll') : t(`bankNameChanges.status.${option}`)),
      }}
      useRows={useBankNameChanges}
      download={downloadBankNameChangesCsv}
      isEmpty={(data) => data.requests.length === 0}
      dialog={(pending: Pending, close, done) =>
        pending.kind === 'approve' ? (
          <ApproveDialog change={pending.change} onClose={close} onDone={done} />
        ) : (
          <RejectDialog change={pending.change} onClose={close} onDone={done} />
        )
      }
    >
      {(data, open) => (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {data.requests.map((change) => (
            <ChangeRow
              key={change.id}
              change={change}
              onApprove={() => open({ kind: 'approve', change })}
              onReject={() => open({ kind: 'reject', change })}
            />
          ))}
        </ul>
      )}
    </ReviewQueue>
  );
}

function ChangeRow({
  change,
  onApprove,
  onReject,
}: {
  change: BackofficeBankNameChange;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const { member } = change;
  return (
    <li
      data-testid="bank-name-change-row"
      className="grid grid-cols-1 gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.4fr_auto] lg:items-start"
    >
      <div className="min-w-0 text-sm">
        <Link to={`/members/${encodeURIComponent(member.id)}`} className="font-semibold text-brand-800 underline">
          {member.name}
        </Link>
        <p className="text-slate-600">{member.phone}</p>
        <p className="break-words text-slate-700">
          {change.bankCode} {member.bankAccountNo}
        </p>
      </div>
      <div className="min-w-0 text-sm">
        <p className="break-words text-slate-700">{t('bankNameChanges.nameFrom', { name: change.nameFrom })}</p>
        <p className="break-words font-semibold text-slate-900">
          {t('bankNameChanges.nameTo', { name: change.nameTo })}
        </p>
        <p className="text-slate-600">
          {t('bankNameChanges.requestedAt')} <span className="tabular-nums">{formatDateTime(change.requestedAt)}</span>
        </p>
      </div>
      <div className="text-sm lg:w-56">
        <span className={`inline-block rounded-full px-2 font-semibold ${STATUS_TONE[change.status]}`}>
          {t(`bankNameChanges.status.${change.status}`)}
        </span>
        {change.decidedBy ? (
          <p className="text-slate-600">{t('bankNameChanges.decidedBy', { operator: change.decidedBy })}</p>
        ) : null}
        {change.reason ? (
          <p className="break-words text-slate-600">{t('bankNameChanges.note', { note: change.reason })}</p>
        ) : null}
        {change.status === 'pending' ? (
          <div className="mt-2 flex gap-2">
            <Button
              className="flex-1"
              onClick={onApprove}
              aria-label={`${t('bankNameChanges.approve')} ${member.name}`}
            >
              {t('bankNameChanges.approve')}
            </Button>
            <Button
              className="flex-1"
              variant="danger"
              onClick={onReject}
              aria-label={`${t('bankNameChanges.reject')} ${member.name}`}
            >
              {t('bankNameChanges.reject')}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

interface DialogProps {
  change: BackofficeBankNameChange;
  onClose: () => void;
  onDone: (notice: string) => void;
}

function ApproveDialog({ change, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const decision = useBankNameChangeDecision();
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      title={t('bankNameChanges.approveTitle')}
      body={t('bankNameChanges.approveBody', { member: change.member.name, from: change.nameFrom, to: change.nameTo })}
      error={decision.error ? decisionErrorText(decision.error, t) : null}
      cancel={t('common.cancel')}
      confirm={t('bankNameChanges.approve')}
      busy={decision.isPending}
      onClose={onClose}
      onConfirm={() =>
        decision.mutate(
          { id: change.id, decision: 'approve', note },
          {
            onSuccess: (answer) =>
              onDone(answer.changed ? t('bankNameChanges.approved') : t('bankNameChanges.unchanged')),
          },
        )
      }
    >
      <NoteField label={t('bankNameChanges.approveNote')} value={note} onChange={setNote} />
    </ConfirmDialog>
  );
}

function RejectDialog({ change, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const decision = useBankNameChangeDecision();
  return (
    <ReasonDialog
      title={t('bankNameChanges.rejectTitle')}
      body={t('bankNameChanges.rejectBody', { member: change.member.name, from: change.nameFrom, to: change.nameTo })}
      label={t('bankNameChanges.rejectReason')}
      hint={t('bankNameChanges.rejectReasonHint')}
      invalid={t('bankNameChanges.rejectReasonInvalid')}
      error={decision.error ? decisionErrorText(decision.error, t) : null}
      cancel={t('common.cancel')}
      submit={t('bankNameChanges.reject')}
      busy={decision.isPending}
      onClose={onClose}
      onSubmit={(reason) =>
        decision.mutate(
          { id: change.id, decision: 'reject', reason },
          {
            onSuccess: (answer) =>
              onDone(answer.changed ? t('bankNameChanges.rejected') : t('bankNameChanges.unchanged')),
          },
        )
      }
    />
  );
}
