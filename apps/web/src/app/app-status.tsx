import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { getAppEvents, subscribeAppEvents } from '../lib/app-events.ts';

const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-xl px-4 py-2 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2';

/**
 * Offline, the app shows this over every screen (docs/app.md): balances and money actions need the server, and
 * nothing is kept to be sent later. It goes when the network comes back.
 */
function OfflineScreen() {
  const { t } = useTranslation();
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-title"
      aria-describedby="offline-body"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-100 p-6"
    >
      <div className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 text-center shadow">
        <h1 id="offline-title" className="text-xl font-semibold text-slate-900">
          {t('device.offline.title')}
        </h1>
        <p id="offline-body" className="text-slate-700">
          {t('device.offline.body')}
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={`${BUTTON} w-full bg-brand-700 text-white focus-visible:outline-brand-500`}
        >
          {t('device.offline.retry')}
        </button>
      </div>
    </div>
  );
}

/** A new version is installed: the member reloads when it suits them (never in the middle of a form). */
function UpdatePrompt({ reload }: { reload: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-[456px] items-center gap-3 rounded-xl bg-slate-900 px-4 py-2 text-white shadow-lg"
    >
      <p className="flex-1 text-sm">{t('device.update.available')}</p>
      <button
        type="button"
        onClick={reload}
        className={`${BUTTON} bg-white text-slate-900 focus-visible:outline-white`}
      >
        {t('device.update.reload')}
      </button>
    </div>
  );
}

/** The installable app's states every screen shows: offline, and a new version waiting. */
export function AppStatus() {
  const events = useSyncExternalStore(subscribeAppEvents, getAppEvents, getAppEvents);
  if (!events.online) return <OfflineScreen />;
  return events.update ? <UpdatePrompt reload={events.update} /> : null;
}
