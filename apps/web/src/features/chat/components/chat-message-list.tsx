import { CHAT_LIMITS } from '@member-wallet/contract/constants';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { ChatItem } from '../chat-items.ts';
import { ChatBubble } from './chat-bubble.tsx';

/** Scrolled this close to the top, the next older page loads. */
const LOAD_OLDER_TOP_PX = 8;

interface ChatMessageListProps {
  items: readonly ChatItem[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onPostback: (title: string, payload: string) => void;
  onResend: (key: string) => void;
  onRemove: (key: string) => void;
}

interface Measure {
  height: number;
  top: number;
  client: number;
  first: string | undefined;
  last: string | undefined;
}

function nearBottom(measured: Measure): boolean {
  return measured.height - measured.top - measured.client <= CHAT_LIMITS.autoScrollThresholdPx;
}

/**
 * Newest at the bottom. An older page goes on top without moving what the reader sees; a new message scrolls
 * into view only when the reader was within CHAT_LIMITS.autoScrollThresholdPx of the bottom, or sent it.
 */
export function ChatMessageList({ items, hasOlder, loadingOlder, onLoadOlder, ...actions }: ChatMessageListProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLElement>(null);
  const before = useRef<Measure | null>(null);

  const measure = (element: HTMLElement): Measure => ({
    height: element.scrollHeight,
    top: element.scrollTop,
    client: element.clientHeight,
    first: items[0]?.key,
    last: items.at(-1)?.key,
  });

  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const previous = before.current;
    const last = items.at(-1);
    if (previous === null) {
      element.scrollTop = element.scrollHeight;
    } else if (previous.first !== items[0]?.key && previous.last === last?.key) {
      element.scrollTop = element.scrollHeight - previous.height + previous.top;
    } else if (previous.last !== last?.key) {
      if (nearBottom(previous) || last?.sender === 'customer') element.scrollTop = element.scrollHeight;
    } else if (nearBottom(previous) && element.scrollHeight !== previous.height) {
      // The newest message changed size (a failed send shows its reason and actions): keep its end in view.
      element.scrollTop = element.scrollHeight;
    }
    before.current = measure(element);
  });

  /** A picture or a video drawn after its message grew the list: follow it down if the reader was at the end. */
  function onMediaSized(element: HTMLElement) {
    if (before.current && nearBottom(before.current)) element.scrollTop = element.scrollHeight;
    before.current = measure(element);
  }

  return (
    <section
      ref={list}
      data-testid="chat-messages"
      // Focusable, so that a keyboard can scroll a thread that holds no button.
      aria-label={t('chat.history')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard (WCAG 2.1.1)
      tabIndex={0}
      onScroll={(event) => {
        before.current = measure(event.currentTarget);
        if (event.currentTarget.scrollTop <= LOAD_OLDER_TOP_PX && hasOlder && !loadingOlder) onLoadOlder();
      }}
      onLoadCapture={(event) => onMediaSized(event.currentTarget)}
      onLoadedMetadataCapture={(event) => onMediaSized(event.currentTarget)}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-2 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700"
    >
      {loadingOlder ? <p className="py-1 text-center text-xs text-slate-600">{t('chat.loadingOlder')}</p> : null}
      {items.length === 0 ? <p className="py-6 text-center text-sm text-slate-600">{t('chat.empty')}</p> : null}
      <ol className="space-y-3" aria-live="polite">
        {items.map((item) => (
          <ChatBubble key={item.key} item={item} {...actions} />
        ))}
      </ol>
    </section>
  );
}
