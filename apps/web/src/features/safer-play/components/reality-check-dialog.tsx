import { Button } from '@member-wallet/ui/button';
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { displayCurrency, formatMoney } from '../../../lib/format.ts';
import { useSaferPlayStatus } from '../api/get-status.ts';
import { formatDuration, nextCheckDelay } from '../reality-check.ts';

export interface RealityCheckProps {
  onLogout: () => void;
  /** The clock, injectable for tests. */
  now?: () => number;
}

/**
 * The reality check (issue 23): with an interval set, every that many minutes since the session began, a
 * dialog says how long the member has been logged in and the session's net result, and offers to log out.
 */
export function RealityCheck({ onLogout, now = Date.now }: RealityCheckProps) {
  const { t, i18n } = useTranslation();
  const status = useSaferPlayStatus();
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const minutes = status.data?.realityCheckMinutes ?? 0;
  const startedAt = status.data?.session.startedAt;
  const refetch = status.refetch;

  useEffect(() => {
    if (!startedAt || minutes <= 0 || openedAt !== null) return;
    const begun = Date.parse(startedAt);
    const timer = setTimeout(
      () => {
        setOpenedAt(now());
        // The session's result as it now stands.
        void refetch();
      },
      nextCheckDelay(begun, minutes, now()),
    );
    return () => clearTimeout(timer);
  }, [startedAt, minutes, openedAt, now, refetch]);

  if (openedAt === null || !status.data || !startedAt) return null;
  const { session, currency } = status.data;
  const loggedIn = Math.floor((openedAt - Date.parse(startedAt)) / 60_000);
  return (
    <Modal open onClose={() => setOpenedAt(null)} title={t('saferPlay.realityDialog.title')}>
      <div className="mb-4 space-y-2 text-slate-800">
        <p>{t('saferPlay.realityDialog.loggedIn', { time: formatDuration(t, loggedIn) })}</p>
        <p>
          {t('saferPlay.realityDialog.net', {
            amount: formatMoney(i18n.language, session.netResult, displayCurrency(currency)),
          })}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onLogout}>
          {t('saferPlay.realityDialog.logout')}
        </Button>
        <Button onClick={() => setOpenedAt(null)}>{t('saferPlay.realityDialog.continue')}</Button>
      </div>
    </Modal>
  );
}
