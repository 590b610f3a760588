import type { OperatorProfile } from '@member-wallet/contract/backoffice/operators';
import type { ChatConversation, ChatConversationSummary } from '@member-wallet/contract/chat';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { useConversation } from './api/get-conversation.ts';
import { useMessages } from './api/get-messages.ts';
import { useMarkRead } from './api/mark-read.ts';
import { AssignControl } from './assign-control.tsx';
import { Composer } from './composer.tsx';
import { customerName } from './conversation-list.tsx';
import { MessageBody } from './message-body.tsx';
import { type OutboxEntry, useOutbox } from './outbox.ts';

function Bubble({ message }: { message: ChatConversation }) {
  const mine = message.sender === 'other';
  return (
    <li data-testid="chat-message" className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3 py-2 ${mine ? 'bg-brand-50 text-slate-900' : 'bg-white text-slate-900 shadow-sm'}`}
      >
        <MessageBody message={message.message} />
        <p className="mt-1 text-xs text-slate-500">
          {mine && message.username ? `${message.username} · ` : ''}
          <span className="tabular-nums">{formatDateTime(message.createdAt)}</span>
        </p>
      </div>
    </li>
  );
}

function PendingBubble({ entry, onRetry }: { entry: OutboxEntry; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <li data-testid="chat-pending" className="flex justify-end">
      <div className="max-w-[85%] rounded-2xl bg-brand-50 px-3 py-2 text-slate-900 opacity-80">
        <MessageBody message={entry.message} />
        {entry.failed ? (
          <div className="mt-1 flex items-center gap-2">
            <ErrorAlert error={`${t('chat.failed')} ${entry.error ?? ''}`.trim()} />
            <Button variant="secondary" onClick={onRetry}>
              {t('chat.resend')}
            </Button>
          </div>
        ) : (
          <p role="status" className="mt-1 text-xs text-slate-500">
            {t('chat.sending')}
          </p>
        )}
      </div>
    </li>
  );
}

/** The held messages, oldest first, each once. */
function inOrder(pages: readonly { messages: readonly ChatConversation[] }[]): ChatConversation[] {
  const seen = new Set<string>();
  const newestFirst = pages.flatMap((page) => page.messages).filter((each) => !seen.has(each.id) && seen.add(each.id));
  return newestFirst.reverse();
}

/**
 * Marks the conversation read when it opens and again whenever a newer customer message arrives while it is
 * open (keyed by that message, so each is marked once).
 */
function useReadMarks(id: string, messages: readonly ChatConversation[]) {
  const markRead = useMarkRead();
  const newestCustomer = messages.findLast((each) => each.sender === 'customer')?.id;
  const { mutate } = markRead;
  useEffect(() => {
    if (newestCustomer) mutate(id);
  }, [id, newestCustomer, mutate]);
}

function Messages({ id, operator }: { id: string; operator: OperatorProfile }) {
  const { t } = useTranslation();
  const history = useMessages(id);
  const messages = inOrder(history.data?.pages ?? []);
  const outbox = useOutbox(id, operator.username, messages);
  const box = useRef<HTMLElement>(null);
  const end = useRef<HTMLLIElement>(null);
  useReadMarks(id, messages);
  const newest = messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls down when a newer message or a send comes
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // On a desktop the messages scroll in their own box, and only it moves: the page and its menu stay put. On a
    // phone the box grows with the page, which is brought just far enough to show the newest message.
    if (element.scrollHeight > element.clientHeight) element.scrollTop = element.scrollHeight;
    else end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [newest, outbox.entries.length]);
  return (
    <>
      {/* Focusable, so that a keyboard can scroll a thread that holds no button. */}
      <section
        ref={box}
        aria-label={t('chat.messages')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="min-h-64 flex-1 overflow-y-auto rounded-2xl bg-slate-100 p-3 focus-visible:outline-2 focus-visible:outline-brand-700 lg:max-h-[60vh]"
      >
        <QueryView query={history} retry={t('common.retry')} isEmpty={() => false} empty="">
          {() => (
            <>
              {history.hasNextPage ? (
                <div className="mb-2 text-center">
                  <Button
                    variant="ghost"
                    loading={history.isFetchingNextPage}
                    onClick={() => void history.fetchNextPage()}
                  >
                    {t('chat.loadOlder')}
                  </Button>
                </div>
              ) : null}
              {messages.length === 0 && outbox.entries.length === 0 ? (
                <p className="text-center text-slate-600">{t('chat.noMessages')}</p>
              ) : null}
              <ul className="space-y-2" aria-label={t('chat.messages')}>
                {messages.map((message) => (
                  <Bubble key={message.id} message={message} />
                ))}
                {outbox.entries.map((entry) => (
                  <PendingBubble key={entry.clientMessageId} entry={entry} onRetry={() => outbox.retry(entry)} />
                ))}
                <li ref={end} aria-hidden="true" />
              </ul>
            </>
          )}
        </QueryView>
      </section>
      <Composer onSend={outbox.send} />
    </>
  );
}

function Header({ summary, operator }: { summary: ChatConversationSummary; operator: OperatorProfile }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 rounded-2xl bg-white p-3 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{customerName(summary, t)}</h2>
      <AssignControl summary={summary} operator={operator} />
    </div>
  );
}

/** One conversation: who it is with and who holds it, its messages, and the reply composer. */
export function ConversationView({ id, operator, backTo }: { id: string; operator: OperatorProfile; backTo: string }) {
  const { t } = useTranslation();
  const conversation = useConversation(id);
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="conversation">
      <Link to={backTo} className="inline-flex min-h-11 items-center font-semibold text-brand-800 lg:hidden">
        {t('chat.back')}
      </Link>
      {conversation.isPending ? <PageSpinner /> : null}
      {conversation.data ? <Header summary={conversation.data} operator={operator} /> : null}
      <ErrorAlert error={conversation.isError ? errorText(conversation.error) : null} />
      <Messages id={id} operator={operator} />
    </div>
  );
}
