import type { OperatorSession } from '@member-wallet/contract/backoffice/operator-accounts';
import type { OperatorProfile } from '@member-wallet/contract/backoffice/operators';
import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DisplayNameField, displayNameValue } from '../../components/display-name-field.tsx';
import { Card, SaveForm } from '../../components/form-parts.tsx';
import { Notice } from '../../components/notice.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { useEndSession } from './api/end-session.ts';
import { useSessions } from './api/get-sessions.ts';
import { useUpdateMe } from './api/update-me.ts';
import { summariseUserAgent } from './user-agent.ts';

/**
 * The signed-in operator's own account (issue 24, every role): the display name members see in chat, and the
 * devices signed in, each but this one to sign out from here.
 */
export function AccountScreen({ operator }: { operator: OperatorProfile }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="account-title" className="space-y-4">
      <div>
        <h1 id="account-title" className="text-2xl font-semibold text-slate-900">
          {t('account.title')}
        </h1>
        <p className="text-sm text-slate-600">
          {t('account.signedInAs', { username: operator.username, role: t(`shell.role.${operator.role}`) })}
        </p>
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <Card title={t('displayName.label')} testId="display-name">
          <DisplayNameForm operator={operator} />
        </Card>
        <Card title={t('account.sessionsTitle')} testId="sessions">
          <Sessions />
        </Card>
      </div>
    </section>
  );
}

function DisplayNameForm({ operator }: { operator: OperatorProfile }) {
  const update = useUpdateMe();
  const [value, setValue] = useState(operator.displayName ?? '');
  return (
    <SaveForm save={update} onSubmit={() => update.mutate({ displayName: displayNameValue(value) })}>
      <DisplayNameField
        value={value}
        onChange={(next) => {
          setValue(next);
          update.reset();
        }}
      />
    </SaveForm>
  );
}

/** A session's device as people read it: "Chrome on Windows". */
export function deviceText(session: OperatorSession, t: TFunction): string {
  const { browser, os } = summariseUserAgent(session.userAgent);
  if (browser === null && os === null) return t('account.unknownDevice');
  return t('account.device', { browser: browser ?? t('account.unknownBrowser'), os: os ?? t('account.unknownOs') });
}

function Sessions() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const [ending, setEnding] = useState<OperatorSession | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <p className="text-slate-700">{t('account.sessionsIntro')}</p>
      <Notice text={notice} />
      <QueryView
        query={sessions}
        retry={t('common.retry')}
        isEmpty={(data) => data.sessions.length === 0}
        empty={t('account.noSessions')}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200">
            {data.sessions.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onEnd={() => {
                  setNotice(null);
                  setEnding(session);
                }}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {ending ? (
        <EndSessionDialog
          session={ending}
          onClose={() => setEnding(null)}
          onDone={(text) => {
            setEnding(null);
            setNotice(text);
          }}
        />
      ) : null}
    </>
  );
}

function SessionRow({ session, onEnd }: { session: OperatorSession; onEnd: () => void }) {
  const { t } = useTranslation();
  const device = deviceText(session, t);
  const time = formatDateTime(session.createdAt);
  return (
    <li data-testid="session-row" className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          {device}
          {session.current ? (
            <span className="rounded-full bg-emerald-100 px-2 text-sm text-emerald-900">{t('account.thisDevice')}</span>
          ) : null}
        </p>
        <p className="text-slate-600 tabular-nums">{t('account.signedInAt', { time })}</p>
        <p className="break-all text-slate-600">
          {session.ip ? t('account.address', { ip: session.ip }) : t('account.addressUnknown')}
        </p>
      </div>
      {session.current ? null : (
        <Button variant="secondary" aria-label={t('account.endLabel', { device, time })} onClick={onEnd}>
          {t('account.end')}
        </Button>
      )}
    </li>
  );
}

function EndSessionDialog({
  session,
  onClose,
  onDone,
}: {
  session: OperatorSession;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const end = useEndSession();
  return (
    <ConfirmDialog
      title={t('account.endTitle')}
      body={t('account.endBody', { device: deviceText(session, t), time: formatDateTime(session.createdAt) })}
      error={end.error ? errorText(end.error) : null}
      cancel={t('common.cancel')}
      confirm={t('account.end')}
      confirmVariant="danger"
      busy={end.isPending}
      onClose={onClose}
      onConfirm={() => end.mutate(session.id, { onSuccess: () => onDone(t('account.ended')) })}
    />
  );
}
