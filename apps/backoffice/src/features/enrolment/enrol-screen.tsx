import type { EnrolmentDetails } from '@member-wallet/contract/backoffice/operator-accounts';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ApiError, errorText, translateCode } from '../../lib/http.ts';
import { useEnrolment } from './api/get-enrolment.ts';
import { EnrolmentForm } from './enrolment-form.tsx';
import { forgetHash, groupInFours, tokenFromHash } from './enrolment-token.ts';

/** The refusals of a link itself: asking again cannot help, only a new link from an admin. */
const LINK_CODES: readonly string[] = ['ENROLMENT_INVALID', 'ENROLMENT_USED', 'ENROLMENT_EXPIRED'];

/**
 * The page an enrolment link opens (issue 24, no sign-in): the token is read from the address's fragment once,
 * kept in memory only and taken out of the address at once. The new operator adds the account to their
 * authenticator app, chooses a password, proves a first code, and is sent to sign-in.
 */
export function EnrolScreen() {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const [enrolled, setEnrolled] = useState<string | null>(null);
  useEffect(forgetHash, []);
  return (
    <EnrolFrame>
      {enrolled !== null ? (
        <Enrolled username={enrolled} />
      ) : token === null ? (
        <LinkProblem text={translateCode('ENROLMENT_INVALID')} />
      ) : (
        <Enrolment token={token} onEnrolled={setEnrolled} />
      )}
    </EnrolFrame>
  );
}

function EnrolFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-brand-900">
      <header className="flex items-center justify-between gap-2 px-4 py-2">
        <span className="font-semibold text-white">{t('app.name')}</span>
        <LanguageSwitcher tone="dark" />
      </header>
      <main className="flex flex-1 items-start justify-center px-3 pt-6 pb-10 sm:pt-10">
        <div className="w-full max-w-lg space-y-5 rounded-2xl bg-white p-5 shadow-xl sm:p-6">{children}</div>
      </main>
    </div>
  );
}

/** A link that cannot be used, or a load that failed: why, and no form. */
function LinkProblem({ text, retry }: { text: string; retry?: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">{t('enrol.linkProblem')}</h1>
      <div role="alert" className="space-y-3 rounded-xl bg-red-50 p-4 text-red-800">
        <p>{text}</p>
        {retry ? (
          <Button variant="secondary" onClick={retry}>
            {t('common.retry')}
          </Button>
        ) : null}
      </div>
    </>
  );
}

function Enrolment({ token, onEnrolled }: { token: string; onEnrolled: (username: string) => void }) {
  const { t } = useTranslation();
  const details = useEnrolment(token);
  if (details.isPending) return <PageSpinner />;
  if (details.isError) {
    const linkRefused = details.error instanceof ApiError && LINK_CODES.includes(details.error.code);
    return <LinkProblem text={errorText(details.error)} retry={linkRefused ? undefined : () => details.refetch()} />;
  }
  const { data } = details;
  return (
    <>
      <div>
        <h1 className="text-xl font-semibold text-slate-900">{t('enrol.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('enrol.expires', { time: formatDateTime(data.expiresAt) })}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 rounded-xl bg-slate-50 p-3">
        <div className="min-w-0">
          <dt className="text-sm text-slate-600">{t('signIn.username')}</dt>
          <dd className="break-all font-semibold text-slate-900">{data.username}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('operators.role')}</dt>
          <dd className="font-semibold text-slate-900">{t(`shell.role.${data.role}`)}</dd>
        </div>
        {data.displayName ? (
          <div className="col-span-2 min-w-0">
            <dt className="text-sm text-slate-600">{t('displayName.label')}</dt>
            <dd className="break-words text-slate-900">{data.displayName}</dd>
          </div>
        ) : null}
      </dl>
      <AuthenticatorStep details={data} />
      <EnrolmentForm token={token} username={data.username} onEnrolled={() => onEnrolled(data.username)} />
    </>
  );
}

/** Step 1: the QR code of the authenticator secret, and the secret itself in fours for typing in by hand. */
function AuthenticatorStep({ details }: { details: EnrolmentDetails }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('enrol.step1')}
      </h2>
      <p className="text-slate-700">{t('enrol.step1Body')}</p>
      <img
        alt={t('enrol.qrAlt', { username: details.username })}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(details.qrSvg)}`}
        width={200}
        height={200}
        className="mx-auto size-[200px] rounded-lg border border-slate-200 bg-white p-1"
      />
      <dl>
        <dt className="text-sm text-slate-600">{t('enrol.secret')}</dt>
        <dd
          data-testid="enrolment-secret"
          className="break-all rounded-xl bg-slate-100 p-3 font-mono text-lg tracking-wider text-slate-900"
        >
          {groupInFours(details.secret)}
        </dd>
      </dl>
      <CopyButton
        text={details.secret}
        label={t('enrol.copyKey')}
        copied={t('common.copied')}
        failed={t('common.copyFailed')}
      />
    </section>
  );
}

/** Done: the operator signs in now, on the usual page. */
function Enrolled({ username }: { username: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-4">
      <h1 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
        {t('enrol.doneTitle')}
      </h1>
      <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900">
        {t('enrol.doneBody', { username })}
      </p>
      <Link
        to="/sign-in"
        className="inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {t('enrol.toSignIn')}
      </Link>
    </div>
  );
}
