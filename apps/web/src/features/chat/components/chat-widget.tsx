import { type RefObject, useEffect, useRef, useState } from 'react';
import { CloseIcon, Icon } from '../../../components/icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { subscribeChatOpen, takeChatOpenRequest } from '../../../lib/chat-open.ts';
import type { ChatSession } from '../chat-session.ts';
import { useChatSession, useChatState } from '../hooks/use-chat-session.ts';
import { ChatPanel } from './chat-panel.tsx';

/** The invitation appears this long after the widget loaded (spec section 2: 'shortly after load'). */
const INVITATION_DELAY_MS = 2_000;
/** The right end of the bottom menu's 480 px column, where the menu keeps the launcher's slot (bottom-menu.tsx). */
const MENU_RIGHT = 'right-[max(0.5rem,calc((100vw-480px)/2+0.5rem))]';
/** The launcher: inside the menu bar (3.5 rem and its border), in its slot. */
const IN_MENU = 'bottom-[calc(0.25rem+env(safe-area-inset-bottom))]';
/** The invitation: just above the menu bar. */
const ABOVE_MENU = 'bottom-[calc(4.25rem+env(safe-area-inset-bottom))]';
/** How often, while shown, the invitation checks again whether it would cover something (the page may change). */
const COVER_CHECK_MS = 500;
/** Points per side of the grid the invitation tests for something under it. */
const GRID = 6;

/**
 * Whether anything the member may need lies under `box`: a control, a picture, or text (an amount, a label).
 * Containers and backgrounds do not count. Without `elementsFromPoint` (not a browser) nothing is found.
 */
function coversSomething(box: DOMRect, own: Element): boolean {
  if (typeof document.elementsFromPoint !== 'function') return false;
  for (let column = 0; column < GRID; column++) {
    for (let row = 0; row < GRID; row++) {
      const x = box.left + ((column + 0.5) * box.width) / GRID;
      const y = box.top + ((row + 0.5) * box.height) / GRID;
      for (const element of document.elementsFromPoint(x, y)) {
        if (own.contains(element)) continue;
        if (element.matches('a[href], button, input, select, textarea, img, svg, canvas, [role="button"]')) return true;
        if ([...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()))
          return true;
      }
    }
  }
  return false;
}

/**
 * True while the invitation may show: it stays hidden while it would cover anything on the page (issue 21), and
 * shows once the member scrolls to where it covers nothing (each page keeps room for it at its end).
 */
function useClearOf(ref: RefObject<HTMLElement | null>): boolean {
  const [clear, setClear] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const element = ref.current;
        if (element) setClear(!coversSomething(element.getBoundingClientRect(), element));
      });
    };
    check();
    const timer = setInterval(check, COVER_CHECK_MS);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      clearInterval(timer);
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [ref]);
  return clear;
}

function Invitation({ onOpen, onDismiss }: { onOpen: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const clear = useClearOf(box);
  return (
    <div
      ref={box}
      data-chat-invitation=""
      // Measured while hidden (visibility keeps its box), so it knows when it would fit.
      className={`fixed ${MENU_RIGHT} ${ABOVE_MENU} z-40 flex items-center rounded-2xl bg-white pl-3 text-sm text-slate-900 shadow-lg ring-1 ring-slate-200 ${clear ? '' : 'invisible'}`}
    >
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
      data-chat-launcher=""
      className="relative inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-brand-600"
    >
      <Icon className="size-6">
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
    <>
      {invitation === 'shown' ? <Invitation onOpen={() => show(true)} onDismiss={() => setInvitation('gone')} /> : null}
      <div ref={launcher} className={`fixed ${MENU_RIGHT} ${IN_MENU} z-40`}>
        <Launcher session={session} onOpen={() => show(true)} />
      </div>
    </>
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
