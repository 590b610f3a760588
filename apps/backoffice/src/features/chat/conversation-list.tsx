import {
  CHAT_CONVERSATION_FILTERS,
  type ChatConversationFilter,
  type ChatConversationSummary,
} from '@member-wallet/contract/chat';
import { Button } from '@member-wallet/ui/button';
import { Link, useLocation } from 'react-router';
import { FilterSelect } from '../../components/filter-select.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useConversations } from './api/get-conversations.ts';
import { previewOf } from './message-body.tsx';

/** Who a conversation is with: the member's name and phone, or 'Guest' and the start of the guest id. */
export function customerName(summary: ChatConversationSummary, t: TFunction): string {
  const { customer } = summary;
  if (customer.kind === 'guest') return t('chat.guest', { id: (customer.guestId ?? '').slice(0, 8) });
  return [customer.name, customer.username].filter(Boolean).join(' · ') || t('chat.member');
}

function ConversationRow({ summary, open }: { summary: ChatConversationSummary; open: boolean }) {
  const { t } = useTranslation();
  // The filter goes along, so that the way back from a conversation returns to the same list.
  const { search } = useLocation();
  return (
    <li data-testid="conversation-row">
      <Link
        to={{ pathname: `/chat/${encodeURIComponent(summary.id)}`, search }}
        aria-current={open ? 'page' : undefined}
        className={`block px-3 py-2 hover:bg-brand-50 ${open ? 'bg-brand-50' : ''}`}
      >
        <span className="flex items-center gap-2">
          <span className="min-w-0 flex-1 truncate font-semibold text-slate-900">{customerName(summary, t)}</span>
          {summary.unread > 0 ? (
            <span className="rounded-full bg-red-700 px-2 text-sm font-semibold text-white">
              <span className="sr-only">{t('chat.unreadCount', { count: summary.unread })}</span>
              <span aria-hidden="true">{summary.unread}</span>
            </span>
          ) : null}
        </span>
        <span className="block truncate text-sm text-slate-700">
          {summary.lastMessage ? previewOf(summary.lastMessage.message, t) : t('chat.noMessages')}
        </span>
        <span className="flex justify-between gap-2 text-xs text-slate-500">
          <span className="tabular-nums">{formatDateTime(summary.lastMessageAt)}</span>
          <span className="truncate">
            {summary.assignedTo
              ? t('chat.assignedTo', { operator: summary.assignedTo.username })
              : t('chat.unassigned')}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The rows of every page held, each conversation once (one that moved up may come again on a later page). */
function uniqueItems(pages: readonly { items: readonly ChatConversationSummary[] }[]): ChatConversationSummary[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/** The inbox: one filter, the conversations most recent first, and more on demand. */
export function ConversationList({
  filter,
  onFilter,
  openId,
}: {
  filter: ChatConversationFilter;
  onFilter: (filter: ChatConversationFilter) => void;
  openId: string | null;
}) {
  const { t } = useTranslation();
  const conversations = useConversations(filter);
  return (
    <div className="space-y-3">
      <FilterSelect
        label={t('chat.filter')}
        value={filter}
        options={CHAT_CONVERSATION_FILTERS}
        optionLabel={(option) => t(`chat.filters.${option}`)}
        onChange={onFilter}
      />
      <QueryView
        query={conversations}
        retry={t('common.retry')}
        isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
        empty={t('chat.empty')}
      >
        {(data) => (
          <div className="overflow-hidden rounded-2xl bg-white shadow-sm">
            <ul className="divide-y divide-slate-200" aria-label={t('chat.conversations')}>
              {uniqueItems(data.pages).map((summary) => (
                <ConversationRow key={summary.id} summary={summary} open={summary.id === openId} />
              ))}
            </ul>
            {conversations.hasNextPage ? (
              <div className="p-2">
                <Button
                  variant="secondary"
                  block
                  loading={conversations.isFetchingNextPage}
                  onClick={() => void conversations.fetchNextPage()}
                >
                  {t('chat.loadMore')}
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </QueryView>
    </div>
  );
}
