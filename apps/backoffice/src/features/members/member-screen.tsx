import type { MemberDetail } from '@member-wallet/contract/backoffice/members';
import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Dialog } from '../../components/dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { AdjustmentForm } from './adjustment-form.tsx';
import { useMember } from './api/get-member.ts';
import { useResetPassword } from './api/reset-password.ts';
import { useSetMemberStatus } from './api/set-member-status.ts';
import { Card } from './member-card.tsx';
import { STATUS_TONE } from './members-screen.tsx';
import { SaferPlayPanel } from './safer-play-panel.tsx';

/** Roles the server admits to each action (docs/backoffice/README.md, the roles table). */
const SUPPORT_ROLES: readonly OperatorRole[] = ['admin', 'support'];

const MONEY_ROLES: readonly OperatorRole[] = ['admin', 'finance'];

/**
 * A member's page (docs/backoffice/members.md, In the app): who they are, their wallet, game accounts, latest ledger
 * entries, slips and bonuses; lock, unlock and password reset for admin and support; a manual adjustment for
 * admin and finance. `role` is the signed-in operator's.
 */
export function MemberScreen({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useMember(id);
  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    return (
      <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-red-800">
        <p>{errorText(detail.error)}</p>
        <Link to="/members" className="inline-flex min-h-11 items-center font-semibold underline">
          {t('member.back')}
        </Link>
      </div>
    );
  }
  const { member } = detail.data;
  return (
    <section aria-labelledby="member-title" className="space-y-4">
      <Link to="/members" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
        {t('member.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="member-title" className="text-2xl font-semibold text-slate-900">
          {member.name}
        </h1>
        <span className={`rounded-full px-2 text-sm font-semibold ${STATUS_TONE[member.status]}`}>
          {t(`members.state.${member.status}`)}
        </span>
      </div>
      <dl className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t('member.phone')}>{member.phone}</Fact>
        <Fact label={t('member.bank')}>
          {member.bank.code} {member.bank.accountNo}
          <span className="block text-sm text-slate-600">{member.bank.accountName}</span>
        </Fact>
        <Fact label={t('member.wallet')}>
          <span data-testid="member-wallet" className="text-lg font-semibold tabular-nums">
            {formatMinor(member.walletMinor, member.currency)}
          </span>
        </Fact>
        <Fact label={t('member.createdAt')}>{formatDateTime(member.createdAt)}</Fact>
      </dl>
      {SUPPORT_ROLES.includes(role) ? <AccountActions detail={detail.data} /> : null}
      {MONEY_ROLES.includes(role) ? <AdjustmentForm detail={detail.data} /> : null}
      <SaferPlayPanel memberId={member.id} />
      <Lists detail={detail.data} />
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function AccountActions({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation();
  const { member } = detail;
  const status = useSetMemberStatus(member.id);
  const reset = useResetPassword(member.id);
  const [dialog, setDialog] = useState<'lock' | 'reset' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Card title={t('member.account')}>
      <p role="status" className={notice ? 'mb-3 rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900' : 'sr-only'}>
        {notice}
      </p>
      <ErrorAlert className="mb-3" error={status.error && dialog === null ? errorText(status.error) : null} />
      <div className="flex flex-wrap gap-2">
        {member.status === 'active' ? (
          <Button variant="danger" onClick={() => setDialog('lock')}>
            {t('member.lock')}
          </Button>
        ) : (
          <Button
            loading={status.isPending}
            onClick={() => status.mutate({ lock: false }, { onSuccess: () => setNotice(t('member.unlocked')) })}
          >
            {t('member.unlock')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => {
            reset.reset();
            setDialog('reset');
          }}
        >
          {t('member.resetPassword')}
        </Button>
      </div>
      {dialog === 'lock' ? (
        <LockDialog
          name={member.name}
          pending={status.isPending}
          error={status.error}
          onClose={() => setDialog(null)}
          onSubmit={(reason) =>
            status.mutate(
              { lock: true, reason },
              {
                onSuccess: () => {
                  setDialog(null);
                  setNotice(t('member.locked'));
                },
              },
            )
          }
        />
      ) : null}
      {dialog === 'reset' ? (
        <Dialog title={t('member.resetTitle')} onClose={() => setDialog(null)}>
          {reset.data ? (
            <TemporaryPassword password={reset.data.temporaryPassword} />
          ) : (
            <p className="text-slate-700">{t('member.resetBody', { name: member.name })}</p>
          )}
          <ErrorAlert className="mt-3" error={reset.error ? errorText(reset.error) : null} />
          <div className="mt-5 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDialog(null)}>
              {reset.data ? t('common.close') : t('common.cancel')}
            </Button>
            {reset.data ? null : (
              <Button loading={reset.isPending} onClick={() => reset.mutate()}>
                {t('member.resetSubmit')}
              </Button>
            )}
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}

function TemporaryPassword({ password }: { password: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-2">
      <p className="text-slate-700">{t('member.temporaryPasswordOnce')}</p>
      <p data-testid="temporary-password" className="rounded-xl bg-slate-100 p-3 font-mono text-xl tracking-wider">
        {password}
      </p>
      <Button
        variant="secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(password).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('member.copied') : t('member.copy')}
      </Button>
    </div>
  );
}

function LockDialog({
  name,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  name: string;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      title={t('member.lockTitle')}
      body={t('member.lockBody', { name })}
      label={t('member.reason')}
      hint={t('member.reasonHint')}
      invalid={t('member.reasonInvalid')}
      error={error ? errorText(error) : null}
      cancel={t('common.cancel')}
      submit={t('member.lock')}
      busy={pending}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}

function Lists({ detail }: { detail: MemberDetail }) {
  const { t } = useTranslation();
  const { member } = detail;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('member.entries')}>
        {detail.entries.length === 0 ? (
          <p className="text-slate-600">{t('member.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {detail.entries.map((entry) => (
              <li key={entry.id} data-testid="entry-row" className="flex flex-wrap justify-between gap-x-3 py-2">
                <span>
                  <span className="font-semibold">{entry.type}</span>{' '}
                  <span className="text-sm text-slate-600">{entry.status}</span>
                  <span className="block text-sm text-slate-600 tabular-nums">{formatDateTime(entry.createdAt)}</span>
                </span>
                <span className="font-semibold tabular-nums">
                  {formatMinor(entry.walletChangeMinor, member.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('member.gameAccounts')}>
        {detail.gameAccounts.length === 0 ? (
          <p className="text-slate-600">{t('member.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {detail.gameAccounts.map((account) => (
              <li key={account.provider} className="flex flex-wrap justify-between gap-x-3 py-2">
                <span className="font-semibold">{account.provider}</span>
                <span className="text-sm text-slate-700">
                  {account.username} · {account.status}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('member.slips')}>
        {detail.slips.length === 0 ? (
          <p className="text-slate-600">{t('member.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {detail.slips.map((slip) => (
              <li key={slip.id} className="flex flex-wrap justify-between gap-x-3 py-2">
                <span>
                  <span className="font-semibold">{slip.status}</span>
                  {slip.note ? <span className="block text-sm text-slate-600">{slip.note}</span> : null}
                  <span className="block text-sm text-slate-600 tabular-nums">{formatDateTime(slip.createdAt)}</span>
                </span>
                <span className="tabular-nums">
                  {slip.amountMinor === null ? '—' : formatMinor(slip.amountMinor, member.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('member.bonuses')}>
        {detail.bonuses.length === 0 ? (
          <p className="text-slate-600">{t('member.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {detail.bonuses.map((bonus) => (
              <li key={`${bonus.code}-${bonus.activatedAt}`} className="flex flex-wrap justify-between gap-x-3 py-2">
                <span>
                  <span className="font-semibold">{bonus.code}</span>{' '}
                  <span className="text-sm text-slate-600">{bonus.status}</span>
                  <span className="block text-sm text-slate-600 tabular-nums">{formatDateTime(bonus.activatedAt)}</span>
                </span>
                <span className="tabular-nums">{formatMinor(bonus.amountMinor, member.currency)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
