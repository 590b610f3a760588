import {
  PENDING_CHANGE_STATUSES,
  type PendingChange,
  type PendingChangeStatus,
} from '@member-wallet/contract/backoffice/pending-changes';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { FilterSelect, useFilterParam } from '../../components/filter-select.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { usePendingChangeDecision } from './api/decide-pending-change.ts';
import { usePendingChanges } from './api/get-pending-changes.ts';
import { describe, subject } from './change-lines.ts';

const STATUS_TONE: Record<PendingChangeStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  applied: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  withdrawn: 'bg-slate-200 text-slate-800',
};

type DecisionKind = 'approve' | 'reject' | 'withdraw';
type Deciding = { kind: DecisionKind; change: PendingChange };

/**
 * Changes waiting for a second admin (docs/backoffice/four-eyes.md): a setting that bounds money raised, a role
 * that approves money granted, a reward's terms that could pay more. Each shows what it was and what it becomes, who asked and when; another admin
 * approves it after a confirmation or rejects it with a reason. The admin's own proposals they can only withdraw.
 */
export function PendingChangesScreen({ operator }: { operator: string }) {
  const { t } = useTranslation();
  const { filter, show } = useFilterParam<PendingChangeStatus>('status', PENDING_CHANGE_STATUSES, 'pending');
  const changes = usePendingChanges(filter);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  function done(text: string) {
    setDeciding(null);
    setNotice(text);
  }
  return (
    <section aria-labelledby="pending-changes-title" className="space-y-4">
      <h1 id="pending-changes-title" className="text-2xl font-semibold text-slate-900">
        {t('pendingChanges.title')}
      </h1>
      <p className="text-sm text-slate-600">{t('pendingChanges.hint')}</p>
      <FilterSelect
        label={t('pendingChanges.filter')}
        value={filter}
        options={PENDING_CHANGE_STATUSES}
        optionLabel={(option) => t(`pendingChanges.status.${option}`)}
        onChange={(option) => show({ filter: option })}
      />
      {notice ? (
        <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      {changes.isPending ? (
        <PageSpinner />
      ) : changes.isError ? (
        <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-red-800">
          <p>{errorText(changes.error)}</p>
          <Button variant="secondary" onClick={() => void changes.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : changes.data.changes.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-slate-600 shadow-sm">{t('pendingChanges.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {changes.data.changes.map((change) => (
            <ChangeRow
              key={change.id}
              change={change}
              own={change.proposedBy === operator}
              onDecide={(kind) => setDeciding({ kind, change })}
            />
          ))}
        </ul>
      )}
      {deciding ? <DecisionDialog deciding={deciding} onClose={() => setDeciding(null)} onDone={done} /> : null}
    </section>
  );
}

function ChangeRow({
  change,
  own,
  onDecide,
}: {
  change: PendingChange;
  own: boolean;
  onDecide: (kind: DecisionKind) => void;
}) {
  const { t } = useTranslation();
  const title = subject(change, t);
  return (
    <li
      data-testid="pending-change-row"
      className="grid grid-cols-1 gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr_auto] lg:items-start"
    >
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">{title}</p>
        <p className="text-slate-600">
          {t('pendingChanges.proposedBy', { operator: change.proposedBy })}{' '}
          <span className="tabular-nums">{formatDateTime(change.proposedAt)}</span>
        </p>
      </div>
      <Values label={t('pendingChanges.before')} lines={describe(change, change.before, t)} />
      <Values label={t('pendingChanges.after')} lines={describe(change, change.after, t)} strong />
      <div className="text-sm lg:w-56">
        <span className={`inline-block rounded-full px-2 font-semibold ${STATUS_TONE[change.status]}`}>
          {t(`pendingChanges.status.${change.status}`)}
        </span>
        {change.decidedBy ? (
          <p className="text-slate-600">{t('pendingChanges.decidedBy', { operator: change.decidedBy })}</p>
        ) : null}
        {change.rejectReason ? (
          <p className="break-words text-slate-600">{t('pendingChanges.reason', { reason: change.rejectReason })}</p>
        ) : null}
        {change.status === 'pending' && own ? (
          <>
            <p className="text-slate-600">{t('pendingChanges.own')}</p>
            <Button
              className="mt-2 w-full"
              variant="secondary"
              onClick={() => onDecide('withdraw')}
              aria-label={`${t('pendingChanges.withdraw')} ${title}`}
            >
              {t('pendingChanges.withdraw')}
            </Button>
          </>
        ) : null}
        {change.status === 'pending' && !own ? (
          <div className="mt-2 flex gap-2">
            <Button
              className="flex-1"
              onClick={() => onDecide('approve')}
              aria-label={`${t('pendingChanges.approve')} ${title}`}
            >
              {t('pendingChanges.approve')}
            </Button>
            <Button
              className="flex-1"
              variant="danger"
              onClick={() => onDecide('reject')}
              aria-label={`${t('pendingChanges.reject')} ${title}`}
            >
              {t('pendingChanges.reject')}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function Values({ label, lines, strong = false }: { label: string; lines: string[]; strong?: boolean }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="text-slate-500">{label}</p>
      {lines.map((line) => (
        <p
          key={line}
          className={`break-words tabular-nums ${strong ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
        >
          {line}
        </p>
      ))}
    </div>
  );
}

function DecisionDialog({
  deciding,
  onClose,
  onDone,
}: {
  deciding: Deciding;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const decision = usePendingChangeDecision();
  const { change } = deciding;
  const body = t('pendingChanges.confirmBody', {
    subject: subject(change, t),
    before: describe(change, change.before, t).join(', '),
    after: describe(change, change.after, t).join(', '),
    operator: change.proposedBy,
  });
  const error = decision.error ? errorText(decision.error) : null;
  if (deciding.kind !== 'reject') {
    const kind = deciding.kind;
    return (
      <ConfirmDialog
        title={t(`pendingChanges.${kind}Title`)}
        body={body}
        error={error}
        cancel={t('common.cancel')}
        confirm={t(`pendingChanges.${kind}`)}
        busy={decision.isPending}
        onClose={onClose}
        onConfirm={() =>
          decision.mutate(
            { id: change.id, decision: kind },
            { onSuccess: () => onDone(t(kind === 'approve' ? 'pendingChanges.approved' : 'pendingChanges.withdrawn')) },
          )
        }
      />
    );
  }
  return (
    <ReasonDialog
      title={t('pendingChanges.rejectTitle')}
      body={body}
      label={t('pendingChanges.rejectReason')}
      hint={t('pendingChanges.rejectReasonHint')}
      invalid={t('pendingChanges.rejectReasonInvalid')}
      error={error}
      cancel={t('common.cancel')}
      submit={t('pendingChanges.reject')}
      busy={decision.isPending}
      onClose={onClose}
      onSubmit={(reason) =>
        decision.mutate(
          { id: change.id, decision: 'reject', reason },
          { onSuccess: () => onDone(t('pendingChanges.rejected')) },
        )
      }
    />
  );
}
