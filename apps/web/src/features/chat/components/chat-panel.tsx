import { DELAY_MS } from '@member-wallet/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { ChatSession } from '../chat-session.ts';
import { useChatState } from '../hooks/use-chat-session.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatMessageList } from './chat-message-list.tsx';

/** A short-lived line above the message box (file and length rules), gone after DELAY_MS.chatAlert. */
function useAlert(): [string | null, (text: string) => void] {
  const [alert, setAlert] = useState<string | null>(null);
  useEffect(() => {
    if (alert === null) return;
    const timer = setTimeout(() => setAlert(null), DELAY_MS.chatAlert);
    return () => clearTimeout(timer);
  }, [alert]);
  return [alert, setAlert];
}

function PanelBody({ session }: { session: ChatSession }) {
  const { t } = useTranslation();
  const state = useChatState(session);
  if (state.status === 'error') {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-4 text-center">
        <p className="text-slate-700">{t('chat.startFailed')}</p>
        <button
          type="button"
          onClick={() => session.setOpen(true)}
          className="min-h-11 rounded-xl bg-brand-700 px-5 font-semibold text-white"
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (state.status !== 'ready') {
    return <p className="flex flex-1 items-center justify-center text-slate-600">{t('common.loading')}</p>;
  }
  return (
    <ChatMessageList
      items={state.items}
      hasOlder={state.hasOlder}
      loadingOlder={state.loadingOlder}
      onLoadOlder={() => void session.loadOlder()}
      onPostback={(title, payload) => session.sendPostback(title, payload)}
      onResend={(key) => session.resend(key)}
      onRemove={(key) => session.remove(key)}
    />
  );
}

/** The open chat: above the bottom menu, full width on a phone, a card on wider screens; Escape closes it. */
export function ChatPanel({ session, onClose }: { session: ChatSession; onClose: () => void }) {
  const { t } = useTranslation();
  const state = useChatState(session);
  const [alert, showAlert] = useAlert();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.querySelector('textarea')?.focus();
  }, []);

  return (
    <section
      ref={panel}
      role="dialog"
      aria-label={t('chat.title')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="fixed inset-x-2 top-16 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-40 flex flex-col overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-slate-200 sm:top-auto sm:left-auto sm:h-[min(600px,calc(100dvh-9rem))] sm:w-[380px]"
    >
      <header className="flex min-h-12 items-center justify-between bg-brand-800 pl-4 text-white">
        <h2 className="font-semibold">{t('chat.title')}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('chat.close')}
          className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-white/15"
        >
          <CloseIcon />
        </button>
      </header>
      {state.status === 'ready' && !state.online ? (
        <p className="bg-amber-50 px-3 py-1 text-xs text-amber-900">{t('chat.offline')}</p>
      ) : null}
      <PanelBody session={session} />
      {alert ? (
        <p role="alert" className="bg-red-50 px-3 py-2 text-sm text-red-800">
          {alert}
        </p>
      ) : null}
      <ChatComposer
        disabled={state.status !== 'ready'}
        onSendText={(text) => session.sendText(text)}
        onSendFile={(file, fileType) => session.sendFile(file, fileType)}
        onAlert={showAlert}
      />
    </section>
  );
}
