import type { PushLocale } from '@member-wallet/contract/push';
import { Button } from '@member-wallet/ui/button';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { getAppEvents, setAppEvents, subscribeAppEvents } from '../../../lib/app-events.ts';
import { type PushState, pushState, turnPushOff, turnPushOn } from '../api/push.ts';

/** The browser's install offer, where it makes one (Chromium): gone once used or installed. */
function InstallAction() {
  const { t } = useTranslation();
  const { install } = useSyncExternalStore(subscribeAppEvents, getAppEvents, getAppEvents);
  if (!install) return null;
  return (
    <div className="space-y-2 border-b border-slate-100 py-3">
      <p className="text-sm text-slate-600">{t('device.installHint')}</p>
      <Button
        variant="secondary"
        block
        onClick={() => {
          void install.prompt();
          // A used offer cannot be shown again.
          void install.userChoice.then(() => setAppEvents({ install: null }));
        }}
      >
        {t('device.install')}
      </Button>
    </div>
  );
}

const STATE_TEXT = {
  on: 'device.on',
  blocked: 'device.blocked',
  unsupported: 'device.unsupported',
} as const;

/** Notifications of money and chat replies (docs/app.md): on or off for this browser. */
function NotificationsSwitch() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const locale = i18n.language as PushLocale;

  useEffect(() => {
    void pushState().then(setState);
  }, []);
  // A member who changes language gets the notifications in the new one: the member shell hands the
  // subscription in again in it (renewPush).

  const change = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(await (on ? turnPushOn(locale) : turnPushOff()));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  if (state === null) return null;
  return (
    <div className="space-y-2 py-3">
      <h3 className="font-semibold text-slate-900">{t('device.notifications')}</h3>
      <p className="text-sm text-slate-600">{t('device.notificationsHint')}</p>
      {state === 'off' || state === 'on' ? (
        <Button variant="secondary" block disabled={busy} onClick={() => void change(state === 'off')}>
          {t(state === 'off' ? 'device.turnOn' : 'device.turnOff')}
        </Button>
      ) : null}
      <p role="status" className="text-sm text-slate-700">
        {failed ? t('device.failed') : state === 'off' ? '' : t(STATE_TEXT[state])}
      </p>
    </div>
  );
}

/** The app on this device (docs/app.md): install it, and its notifications. */
export function DeviceSettings() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="device-title" className="rounded-2xl bg-white px-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="device-title" className="pt-3 text-lg font-semibold text-slate-900">
        {t('device.title')}
      </h2>
      <InstallAction />
      <NotificationsSwitch />
    </section>
  );
}
