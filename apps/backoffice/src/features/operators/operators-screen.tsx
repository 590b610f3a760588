import type { OperatorSummary, OperatorWithLink } from '@member-wallet/contract/backoffice/operator-accounts';
import type { OperatorProfile } from '@member-wallet/contract/backoffice/operators';
import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../components/notice.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useOperators } from './api/get-operators.ts';
import {
  CreateOperatorDialog,
  DisplayNameDialog,
  EnrolmentLinkDialog,
  ResetDialog,
  RoleDialog,
  type ShownLink,
  StateDialog,
} from './operator-dialogs.tsx';
import { enrolmentLinkState } from './operator-state.ts';

type RowAction = 'role' | 'state' | 'name' | 'reset';

type Open = { kind: 'create' } | { kind: RowAction; operator: OperatorSummary } | { kind: 'link'; shown: ShownLink };

const STATE_TONE: Record<OperatorSummary['state'], string> = {
  active: 'bg-emerald-100 text-emerald-900',
  disabled: 'bg-slate-200 text-slate-800',
  enrolling: 'bg-amber-100 text-amber-900',
};

const COLUMNS = 'md:grid-cols-[1.5fr_1fr_1.5fr_1fr]';

/**
 * Operator accounts (issue 24, admins only): who may sign in with which role. An admin creates an operator, who
 * enrols from a one-time link; changes their role, state or display name; resets them to a new link. Their own
 * row offers only the display name: locking oneself out is another admin's call to make (the server allows it
 * while another admin remains, and refuses it for the last one, LAST_ADMIN).
 */
export function OperatorsScreen({ me }: { me: OperatorProfile }) {
  const { t } = useTranslation();
  const operators = useOperators();
  const [open, setOpen] = useState<Open | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function done(text: string) {
    setOpen(null);
    setNotice(text);
  }

  function showLink(answer: OperatorWithLink, text: string) {
    setNotice(text);
    setOpen({ kind: 'link', shown: { username: answer.operator.username, ...answer.enrolment } });
  }

  function start(next: Open) {
    setNotice(null);
    setOpen(next);
  }

  return (
    <section aria-labelledby="operators-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="operators-title" className="text-2xl font-semibold text-slate-900">
            {t('operators.title')}
          </h1>
          <p className="text-sm text-slate-600">{t('operators.intro')}</p>
        </div>
        <Button onClick={() => start({ kind: 'create' })}>{t('operators.new')}</Button>
      </div>
      <Notice text={notice} />
      <QueryView
        query={operators}
        retry={t('common.retry')}
        isEmpty={(data) => data.operators.length === 0}
        empty={t('operators.empty')}
      >
        {(data) => (
          <OperatorList operators={data.operators} me={me} onAction={(kind, operator) => start({ kind, operator })} />
        )}
      </QueryView>
      <Dialogs open={open} onClose={() => setOpen(null)} onDone={done} onLink={showLink} />
    </section>
  );
}

function Dialogs({
  open,
  onClose,
  onDone,
  onLink,
}: {
  open: Open | null;
  onClose: () => void;
  onDone: (notice: string) => void;
  onLink: (answer: OperatorWithLink, notice: string) => void;
}) {
  switch (open?.kind) {
    case 'create':
      return <CreateOperatorDialog onClose={onClose} onCreated={onLink} />;
    case 'role':
      return <RoleDialog operator={open.operator} onClose={onClose} onDone={onDone} />;
    case 'state':
      return <StateDialog operator={open.operator} onClose={onClose} onDone={onDone} />;
    case 'name':
      return <DisplayNameDialog operator={open.operator} onClose={onClose} onDone={onDone} />;
    case 'reset':
      return <ResetDialog operator={open.operator} onClose={onClose} onReset={onLink} />;
    case 'link':
      return <EnrolmentLinkDialog shown={open.shown} onClose={onClose} />;
    default:
      return null;
  }
}

/** Cards on a phone; from md up the same rows line up under a header, as a table. */
function OperatorList({
  operators,
  me,
  onAction,
}: {
  operators: readonly OperatorSummary[];
  me: OperatorProfile;
  onAction: (kind: RowAction, operator: OperatorSummary) => void;
}) {
  const { t } = useTranslation();
  const now = Date.now();
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm">
      <div
        aria-hidden="true"
        className={`hidden gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-600 md:grid ${COLUMNS}`}
      >
        <span>{t('operators.operator')}</span>
        <span>{t('operators.role')}</span>
        <span>{t('operators.state')}</span>
        <span>{t('operators.lastSignIn')}</span>
      </div>
      <ul className="divide-y divide-slate-200">
        {operators.map((operator) => (
          <OperatorRow
            key={operator.id}
            operator={operator}
            self={operator.id === me.id}
            now={now}
            onAction={(kind) => onAction(kind, operator)}
          />
        ))}
      </ul>
    </div>
  );
}

function OperatorRow({
  operator,
  self,
  now,
  onAction,
}: {
  operator: OperatorSummary;
  self: boolean;
  now: number;
  onAction: (kind: RowAction) => void;
}) {
  const { t } = useTranslation();
  const link = enrolmentLinkState(operator, now);
  return (
    <li data-testid="operator-row" className={`grid grid-cols-2 gap-x-3 gap-y-2 px-4 py-3 md:items-start ${COLUMNS}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="break-all font-semibold text-slate-900">{operator.username}</span>
          {self ? (
            <span className="rounded-full bg-brand-100 px-2 text-sm font-semibold text-brand-900">
              {t('operators.you')}
            </span>
          ) : null}
        </p>
        <p className={`break-words text-sm ${operator.displayName ? 'text-slate-700' : 'text-slate-500'}`}>
          <span className="sr-only">{t('displayName.label')} </span>
          {operator.displayName ?? t('operators.noDisplayName')}
        </p>
      </div>
      <p className="text-right md:text-left">
        <span className="sr-only">{t('operators.role')} </span>
        {t(`shell.role.${operator.role}`)}
        {operator.pendingRole ? (
          <span data-testid="pending-role" className="block text-sm text-amber-800">
            {t('operators.pendingRole', { role: t(`shell.role.${operator.pendingRole}`) })}
          </span>
        ) : null}
      </p>
      <div className="col-span-2 text-sm md:col-span-1">
        <span className="sr-only">{t('operators.state')} </span>
        <span className={`inline-block rounded-full px-2 font-semibold ${STATE_TONE[operator.state]}`}>
          {t(`operators.states.${operator.state}`)}
        </span>
        {link === 'open' && operator.enrolmentExpiresAt ? (
          <p className="text-slate-600 tabular-nums">
            {t('operators.linkUntil', { time: formatDateTime(operator.enrolmentExpiresAt) })}
          </p>
        ) : null}
        {link === 'expired' ? <p className="text-red-800">{t('operators.linkExpired')}</p> : null}
      </div>
      {/* On a phone the column's header is not shown: the value is named beside it. */}
      <p className="col-span-2 flex flex-wrap gap-x-2 text-sm text-slate-700 tabular-nums md:col-span-1">
        <span className="text-slate-600 md:sr-only">{t('operators.lastSignIn')}</span>
        <span>{operator.lastSignInAt ? formatDateTime(operator.lastSignInAt) : t('operators.never')}</span>
      </p>
      <RowActions operator={operator} self={self} onAction={onAction} />
    </li>
  );
}

function RowActions({
  operator,
  self,
  onAction,
}: {
  operator: OperatorSummary;
  self: boolean;
  onAction: (kind: RowAction) => void;
}) {
  const { t } = useTranslation();
  const name = operator.username;
  const buttonClass = 'px-3 text-sm';
  const linkClass =
    'inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-800 underline underline-offset-2';
  return (
    <fieldset className="col-span-2 flex flex-wrap items-center gap-2 md:col-span-4">
      <legend className="sr-only">{t('operators.actionsFor', { username: name })}</legend>
      {self ? null : (
        <>
          <Button
            variant="secondary"
            className={buttonClass}
            aria-label={`${t('operators.changeRole')} ${name}`}
            onClick={() => onAction('role')}
          >
            {t('operators.changeRole')}
          </Button>
          <Button
            variant="secondary"
            className={buttonClass}
            aria-label={`${operator.state === 'disabled' ? t('operators.enable') : t('operators.disable')} ${name}`}
            onClick={() => onAction('state')}
          >
            {operator.state === 'disabled' ? t('operators.enable') : t('operators.disable')}
          </Button>
        </>
      )}
      <Button
        variant="secondary"
        className={buttonClass}
        aria-label={`${t('operators.editName')} ${name}`}
        onClick={() => onAction('name')}
      >
        {t('operators.editName')}
      </Button>
      {self ? null : (
        <Button
          variant="secondary"
          className={buttonClass}
          aria-label={`${t('operators.reset')} ${name}`}
          onClick={() => onAction('reset')}
        >
          {t('operators.reset')}
        </Button>
      )}
      <Link
        to={`/audit?${new URLSearchParams({ target: `operator:${operator.id}` })}`}
        aria-label={t('operators.historyOf', { username: name })}
        className={linkClass}
      >
        {t('operators.history')}
      </Link>
      <Link
        to={`/audit?${new URLSearchParams({ actor: name })}`}
        aria-label={t('operators.actionsBy', { username: name })}
        className={linkClass}
      >
        {t('operators.actions')}
      </Link>
    </fieldset>
  );
}
