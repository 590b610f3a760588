import type { DashboardJob, DashboardResponse } from '@member-wallet/contract/backoffice/dashboard';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { useDashboard } from './api/get-dashboard.ts';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 className="font-semibold text-slate-700">{title}</h2>
      {children}
    </section>
  );
}

/** Rows of count and amount per currency; a dash when the day has none. */
function Totals({
  rows,
}: {
  rows: { key: string; label?: string; count: number; amountMinor: string; currency: string }[];
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="text-slate-600">{t('dashboard.none')}</p>;
  return (
    <ul className="space-y-1">
      {rows.map((row) => (
        <li key={row.key} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="text-slate-700">
            {row.label ? `${row.label} · ` : ''}
            {t('dashboard.count', { count: row.count })}
          </span>
          <span className="text-lg font-semibold text-slate-900" translate="no">
            {formatMinor(row.amountMinor, row.currency)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
  const content = (
    <>
      <span className="text-slate-700">{label}</span>
      <span className="text-2xl font-semibold text-slate-900">{value}</span>
    </>
  );
  const className = 'flex min-h-11 items-center justify-between gap-3 rounded-lg px-2';
  return to ? (
    <Link to={to} className={`${className} hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500`}>
      {content}
    </Link>
  ) : (
    <div className={className}>{content}</div>
  );
}

function LedgerCheck({ ledger }: { ledger: DashboardResponse['ledger'] }) {
  const { t } = useTranslation();
  const sound = ledger.drifts === 0 && ledger.unbalancedEntries === 0;
  return (
    <div
      role={sound ? undefined : 'alert'}
      className={`rounded-lg p-3 ${sound ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}
    >
      <p className="font-semibold">{sound ? t('dashboard.ledgerSound') : t('dashboard.ledgerDrift')}</p>
      <p className="text-sm">
        {t('dashboard.ledgerFigures', { drifts: ledger.drifts, unbalanced: ledger.unbalancedEntries })}
      </p>
    </div>
  );
}

/** One job's state, in words an operator can act on: late, failing (with why), or running normally. */
function JobState({ job }: { job: DashboardJob }) {
  const { t } = useTranslation();
  if (job.late) return <p className="font-semibold text-red-800">{t('dashboard.jobLate')}</p>;
  if (job.failuresInRow > 0) {
    return <p className="font-semibold text-red-800">{t('dashboard.jobFailing', { count: job.failuresInRow })}</p>;
  }
  return <p className="font-semibold text-emerald-800">{t('dashboard.jobOk')}</p>;
}

/** The periodic jobs as the nodes last ran them (docs/operations.md, Jobs). */
function Jobs({ jobs }: { jobs: DashboardJob[] }) {
  const { t } = useTranslation();
  if (jobs.length === 0) return <p className="text-slate-600">{t('dashboard.jobsNone')}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {jobs.map((job) => {
        const label = t(`dashboard.job.${job.name}`);
        return (
          <li key={job.name} aria-label={label} className="space-y-0.5 py-2 text-sm">
            <p className="text-base text-slate-900">{label}</p>
            <JobState job={job} />
            {job.lastStartedAt ? (
              <p className="text-slate-600">
                {t('dashboard.jobLastRun', { time: formatDateTime(job.lastStartedAt), node: job.node ?? '-' })}
              </p>
            ) : null}
            {job.nextRunAt ? (
              <p className="text-slate-600">{t('dashboard.jobNextRun', { time: formatDateTime(job.nextRunAt) })}</p>
            ) : null}
            {job.failuresInRow > 0 && job.lastFailureAt ? (
              <>
                <p className="break-words text-red-800">
                  {t('dashboard.jobLastFailure', {
                    time: formatDateTime(job.lastFailureAt),
                    error: job.lastError ?? '',
                  })}
                </p>
                {job.lastSuccessAt ? (
                  <p className="text-slate-600">
                    {t('dashboard.jobLastSuccess', { time: formatDateTime(job.lastSuccessAt) })}
                  </p>
                ) : null}
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The back-office's first screen (docs/backoffice/README.md, Dashboard): the local day's money in and out, what waits
 * for operators, members signed in, the ledger drift check, which must read 0, and the background jobs. Read again
 * every minute.
 */
export function DashboardScreen() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  if (dashboard.isPending) return <PageSpinner />;
  if (dashboard.isError) {
    return (
      <div className="space-y-3">
        <p role="alert" className="text-red-800">
          {errorText(dashboard.error)}
        </p>
        <Button variant="secondary" onClick={() => void dashboard.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const data = dashboard.data;
  return (
    <section aria-labelledby="dashboard-title" className="space-y-4">
      <div>
        <h1 id="dashboard-title" className="text-2xl font-semibold text-slate-900">
          {t('dashboard.title')}
        </h1>
        <p className="text-sm text-slate-600">{t('dashboard.since', { time: formatDateTime(data.day.from) })}</p>
      </div>
      <div className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card title={t('dashboard.deposits')} testId="dashboard-deposits">
          <Totals rows={data.deposits.map((row) => ({ key: row.currency, ...row }))} />
        </Card>
        <Card title={t('dashboard.withdrawals')} testId="dashboard-withdrawals">
          <Totals
            rows={data.withdrawals.map((row) => ({
              key: `${row.currency}-${row.status}`,
              label: t(`dashboard.status.${row.status}`),
              ...row,
            }))}
          />
        </Card>
        <Card title={t('dashboard.pending')} testId="dashboard-pending">
          <Figure
            label={t('dashboard.awaitingReview')}
            value={data.pending.withdrawalsAwaitingReview}
            to="/withdrawals?review=awaiting"
          />
          <Figure label={t('dashboard.inProgress')} value={data.pending.withdrawalsInProgress} />
          <Figure label={t('dashboard.slips')} value={data.pending.slipsInProgress} />
          <Figure label={t('dashboard.slipsToReview')} value={data.pending.slipsToReview} to="/slips" />
          <Figure label={t('dashboard.unmatched')} value={data.pending.unmatchedTransfers} to="/bank-transfers" />
          <Figure
            label={t('dashboard.adjustmentsAwaiting')}
            value={data.pending.adjustmentsAwaitingApproval}
            to="/adjustments?status=awaiting"
          />
          <Figure
            label={t('dashboard.inviteLinksHeld')}
            value={data.pending.inviteLinksHeld}
            to="/invite-reviews?status=held"
          />
          <Figure label={t('dashboard.chatsUnread')} value={data.pending.chatsUnread} to="/chat?filter=unread" />
        </Card>
        <Card title={t('dashboard.members')} testId="dashboard-members">
          <Figure label={t('dashboard.signedIn')} value={data.membersSignedIn} />
        </Card>
        <Card title={t('dashboard.saferPlay')} testId="dashboard-safer-play">
          <Figure label={t('dashboard.membersWithLimit')} value={data.saferPlay.membersWithLimit} />
          <Figure label={t('dashboard.membersTimedOut')} value={data.saferPlay.membersTimedOut} />
          <Figure label={t('dashboard.membersSelfExcluded')} value={data.saferPlay.membersSelfExcluded} />
          <Figure
            label={t('dashboard.watchListOpen')}
            value={data.saferPlay.watchListOpen}
            to="/watch-list?state=open"
          />
        </Card>
        <Card title={t('dashboard.ledger')} testId="dashboard-ledger">
          <LedgerCheck ledger={data.ledger} />
        </Card>
        <Card title={t('dashboard.jobs')} testId="dashboard-jobs">
          <Jobs jobs={data.jobs} />
        </Card>
      </div>
    </section>
  );
}
