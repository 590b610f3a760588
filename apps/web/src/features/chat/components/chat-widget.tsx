import { useEffect, useRef, useState } from 'react';
import { CloseIcon, Icon } from '../../../components/icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { subscribeChatOpen, takeChatOpenRequest } from '../../../lib/chat-open.ts';
import type { ChatSession } from '../chat-session.ts';
import { useChatSession, useChatState } from '../hooks/use-chat-session.ts';
import { ChatPanel } from './chat-panel.tsx';

/** The invitation appears this long after the widget loaded (spec section 2: 'shortly after load'). */
const INVITATION_DELAY_MS = 2_000;
/** Above the bottom menu (3.5 rem and its border), never over it. */
const ABOVE_MENU = 'bottom-[calc(4.25rem+env(safe-area-inset-bottom))]';

function Invitation({ onOpen, onDismiss }: { onOpen: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center rounded-2xl bg-white pl-3 text-sm text-slate-900 shadow-lg ring-1 ring-slate-200">
      <button type="button" onClick={onOpen} className="min-h-11 font-semibold">
        {t('chat.invitation')}
      </button>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('chat.dismissInvitation')}
        className="inline-flex size-11 items-center justify-center text-slate-600"
      >
        <CloseIcon />
      </button>
    </div>
  );
}

function Launcher({ session, onOpen }: { session: ChatSession; onOpen: () => void }) {
  const { t } = useTranslation();
  const { unread } = useChatState(session);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={unread > 0 ? `${t('chat.open')}, ${t('chat.unread', { count: unread })}` : t('chat.open')}
      className="relative inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      <Icon className="size-7">
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
      </Icon>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          translate="no"
          className="absolute -top-1 -right-1 inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold"
        >
          {unread}
        </span>
      ) : null}
    </button>
  );
}

function WidgetView({ session }: { session: ChatSession }) {
  const [open, setOpen] = useState(false);
  const [invitation, setInvitation] = useState<'waiting' | 'shown' | 'gone'>('waiting');
  const launcher = useRef<HTMLDivElement>(null);

  const show = (value: boolean) => {
    setOpen(value);
    session.setOpen(value);
    if (value) setInvitation('gone');
    else requestAnimationFrame(() => launcher.current?.querySelector('button')?.focus());
  };

  useEffect(() => {
    const timer = setTimeout(() => setInvitation((now) => (now === 'waiting' ? 'shown' : now)), INVITATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    const openIfAsked = () => {
      if (takeChatOpenRequest()) show(true);
    };
    openIfAsked();
    return subscribeChatOpen(openIfAsked);
  });

  if (open) return <ChatPanel session={session} onClose={() => show(false)} />;
  return (
    <div ref={launcher} className={`fixed right-3 ${ABOVE_MENU} z-40 flex items-center gap-2`}>
      {invitation === 'shown' ? <Invitation onOpen={() => show(true)} onDismiss={() => setInvitation('gone')} /> : null}
      <Launcher session={session} onOpen={() => show(true)} />
    </div>
  );
}

/**
 * The chat widget of spec section 2, loaded on demand by the shells: a round button with the unread count,
 * the 'talk to admin' invitation shortly after load, and the conversation panel.
 */
export function ChatWidget({ memberId }: { memberId: () => Promise<string> }) {
  const session = useChatSession(memberId);
  return session ? <WidgetView session={session} /> : null;
}
