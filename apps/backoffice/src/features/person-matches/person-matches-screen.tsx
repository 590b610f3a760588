import {
  type BackofficePersonMatch,
  PERSON_MATCH_STATUSES,
  type PersonMatchDecision,
} from '@member-wallet/contract/backoffice/person-matches';
import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NoteField } from '../../components/note-field.tsx';
import { ReviewQueue } from '../../components/review-queue.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { usePersonMatchDecision } from './api/decide-person-match.ts';
import { downloadPersonMatchesCsv } from './api/download-person-matches-csv.ts';
import { type PersonMatchFilter, usePersonMatches } from './api/get-person-matches.ts';

const FILTERS: readonly PersonMatchFilter[] = [...PERSON_MATCH_STATUSES, 'all'];

const STATUS_TONE: Record<BackofficePersonMatch['status'], string> = {
  open: 'bg-amber-100 text-amber-900',
  linked: 'bg-red-100 text-red-900',
  dismissed: 'bg-emerald-100 text-emerald-900',
};

/** A decision's refusal: ALREADY_REVIEWED says so about a match. */
function decisionErrorText(error: unknown, t: TFunction): string {
  return error instanceof ApiError && error.code === 'ALREADY_REVIEWED'
    ? t('personMatches.alreadyReviewed')
    : errorText(error);
}

type Pending = { decision: PersonMatchDecision['decision']; match: BackofficePersonMatch };

/**
 * Accounts found alike, "possible same person" (docs/backoffice/person-matches.md): the open ones first, any
 * status on demand, 20 a page from the server, CSV of the filter. Each row shows both accounts, what they share and
 * their blocks; an operator decides same person (linked for good) or different people, after a confirmation.
 */
export function PersonMatchesScreen() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      texts="personMatches"
      filter={{
        param: 'status',
        options: FILTERS,
        first: 'open',
        label: (option) => (option === 'all' ? t('personMatches.filterAll') : t(`personMatches.status.${option}`)),
      }}
      useRows={usePersonMatches}
      download={downloadPersonMatchesCsv}
      isEmpty={(data) => data.matches.length === 0}
      dialog={(pending: Pending, close, done) => <DecisionDialog pending={pending} onClose={close} onDone={done} />}
    >
      {(data, open) => (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {data.matches.map((match) => (
            <MatchRow key={match.id} match={match} onDecide={(decision) => open({ decision, match })} />
          ))}
        </ul>
      )}
    </ReviewQueue>
  );
}

function AccountCell({ account }: { account: BackofficePersonMatch['member'] }) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0 text-sm">
      <Link to={`/members/${encodeURIComponent(account.id)}`} className="font-semibold text-brand-800 underline">
        {account.bankAccountName}
      </Link>
      <p className="text-slate-600">{account.phone}</p>
      <p className="break-words text-slate-700">
        {account.bankCode} {account.bankAccountNo}
      </p>
      {account.registrationIp ? (
        <p className="text-slate-600">{t('personMatches.ip', { ip: account.registrationIp })}</p>
      ) : null}
      {account.block ? (
        <span className="mt-1 inline-block rounded-full bg-red-100 px-2 font-semibold text-red-900">
          {t(`personMatches.block.${account.block}`)}
        </span>
      ) : null}
    </div>
  );
}

function MatchRow({
  match,
  onDecide,
}: {
  match: BackofficePersonMatch;
  onDecide: (decision: PersonMatchDecision['decision']) => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      data-testid="person-match-row"
      className="grid grid-cols-1 gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start"
    >
      <AccountCell account={match.member} />
      <AccountCell account={match.other} />
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">{t('personMatches.signalsTitle')}</p>
        <ul className="flex flex-wrap gap-1">
          {match.signals.map((signal) => (
            <li key={signal} className="rounded-full bg-slate-100 px-2 text-slate-800">
              {t(`personMatches.signal.${signal}`)}
            </li>
          ))}
        </ul>
        <p className="text-slate-600">
          {t('personMatches.foundAt')} <span className="tabular-nums">{formatDateTime(match.foundAt)}</span>
        </p>
      </div>
      <div className="text-sm lg:w-56">
        <span className={`inline-block rounded-full px-2 font-semibold ${STATUS_TONE[match.status]}`}>
          {t(`personMatches.status.${match.status}`)}
        </span>
        <p className="text-slate-600">
          {match.decidedBy
            ? t('personMatches.decidedBy', { operator: match.decidedBy })
            : match.status === 'linked'
              ? t('personMatches.linkedByServer')
              : null}
        </p>
        {match.note ? (
          <p className="break-words text-slate-600">{t('personMatches.note', { note: match.note })}</p>
        ) : null}
        {match.status === 'open' ? (
          <div className="mt-2 flex gap-2">
            <Button className="flex-1" variant="danger" onClick={() => onDecide('link')}>
              {t('personMatches.link')}
            </Button>
            <Button className="flex-1" onClick={() => onDecide('dismiss')}>
              {t('personMatches.dismiss')}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}

function DecisionDialog({
  pending,
  onClose,
  onDone,
}: {
  pending: Pending;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const decision = usePersonMatchDecision();
  const [note, setNote] = useState('');
  const { match } = pending;
  const names = { member: match.member.bankAccountName, other: match.other.bankAccountName };
  const link = pending.decision === 'link';
  return (
    <ConfirmDialog
      title={t(link ? 'personMatches.linkTitle' : 'personMatches.dismissTitle')}
      body={t(link ? 'personMatches.linkBody' : 'personMatches.dismissBody', names)}
      error={decision.error ? decisionErrorText(decision.error, t) : null}
      cancel={t('common.cancel')}
      confirm={t(link ? 'personMatches.link' : 'personMatches.dismiss')}
      busy={decision.isPending}
      onClose={onClose}
      onConfirm={() =>
        decision.mutate(
          { id: match.id, decision: pending.decision, note },
          {
            onSuccess: (answer) =>
              onDone(
                answer.changed
                  ? t(link ? 'personMatches.linked' : 'personMatches.dismissed')
                  : t('personMatches.unchanged'),
              ),
          },
        )
      }
    >
      <NoteField label={t('personMatches.noteLabel')} value={note} onChange={setNote} />
    </ConfirmDialog>
  );
}
