import type { OperatorProfile } from '@member-wallet/contract/backoffice/operators';
import { CHAT_CONVERSATION_FILTERS, type ChatConversationFilter } from '@member-wallet/contract/chat';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/i18n.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationView } from './conversation-view.tsx';

/**
 * The chat inbox (docs/backoffice/chat.md): on a desktop the conversations on the left and the open one on the
 * right; on a phone the list, then the open conversation full width with a way back. The filter lives in the
 * address, so going back to the list keeps it.
 */
export function ChatScreen({ operator }: { operator: OperatorProfile }) {
  const { t } = useTranslation();
  const { id = null } = useParams();
  const [params, setParams] = useSearchParams();
  const asked = params.get('filter');
  const filter = CHAT_CONVERSATION_FILTERS.find((each) => each === asked) ?? 'all';

  function showFilter(next: ChatConversationFilter) {
    setParams(next === 'all' ? {} : { filter: next });
  }

  return (
    <section aria-labelledby="chat-title" className="space-y-3">
      <h1 id="chat-title" className={`text-2xl font-semibold text-slate-900 ${id ? 'sr-only lg:not-sr-only' : ''}`}>
        {t('chat.title')}
      </h1>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div className={id ? 'hidden lg:block' : ''}>
          <ConversationList filter={filter} onFilter={showFilter} openId={id} />
        </div>
        {id ? (
          <ConversationView key={id} id={id} operator={operator} backTo={`/chat${params.size ? `?${params}` : ''}`} />
        ) : (
          <p className="hidden rounded-2xl bg-white p-6 text-center text-slate-600 lg:block">{t('chat.choose')}</p>
        )}
      </div>
    </section>
  );
}
