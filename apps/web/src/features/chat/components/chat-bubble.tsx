import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { ChatItem } from '../chat-items.ts';
import { ChatMessageBody } from './chat-message-body.tsx';

interface ChatBubbleProps {
  item: ChatItem;
  onPostback: (title: string, payload: string) => void;
  onResend: (key: string) => void;
  onRemove: (key: string) => void;
}

function DeliveryLine({ item }: { item: ChatItem }) {
  const { t } = useTranslation();
  const state = {
    uploading_file: t('chat.uploading', { percent: item.progress }),
    sending: t('chat.sending'),
    succeed: t('chat.sent'),
    failed: t('chat.failed'),
  }[item.delivery];
  return (
    <p className={`text-xs ${item.delivery === 'failed' ? 'text-red-700' : 'text-slate-600'}`}>
      <time dateTime={item.createdAt} translate="no">
        {formatDateTime(item.createdAt)} ·
      </time>{' '}
      <span data-delivery={item.delivery}>{state}</span>
    </p>
  );
}

function FailedActions({ item, onResend, onRemove }: Omit<ChatBubbleProps, 'onPostback'>) {
  const { t } = useTranslation();
  const action = 'min-h-11 rounded-lg px-3 text-sm font-semibold underline';
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {item.error ? <p className="w-full text-right text-sm text-red-700">{item.error}</p> : null}
      <button type="button" onClick={() => onResend(item.key)} className={`${action} text-brand-800`}>
        {t('chat.resend')}
      </button>
      {item.message.message_type === 'media' ? (
        <button type="button" onClick={() => onRemove(item.key)} className={`${action} text-slate-700`}>
          {t('chat.remove')}
        </button>
      ) : null}
    </div>
  );
}

/** One message: the customer's on the right with its delivery state, the operator's on the left with a name. */
export function ChatBubble({ item, onPostback, onResend, onRemove }: ChatBubbleProps) {
  const { t } = useTranslation();
  const mine = item.sender === 'customer';
  const uploading = item.message.message_type === 'media' && item.message.payload.filePath === '';
  return (
    <li data-message-key={item.key} className={`flex flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
      {mine ? null : (
        <p translate="no" className="text-xs font-semibold text-slate-700">
          {item.name || t('chat.operator')}
        </p>
      )}
      {/* What people wrote (and the operator's buttons and cards) is data, not catalogue text. */}
      <div
        data-i18n-exempt=""
        className={`max-w-[85%] rounded-2xl px-3 py-2 ${
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900'
        } ${item.message.message_type === 'generic' ? 'max-w-full bg-transparent px-0' : ''}`}
      >
        {uploading ? (
          <p className="break-all">{item.file?.name}</p>
        ) : (
          <ChatMessageBody message={item.message} onPostback={onPostback} />
        )}
      </div>
      {mine ? (
        <DeliveryLine item={item} />
      ) : (
        <time dateTime={item.createdAt} translate="no" className="text-xs text-slate-600">
          {formatDateTime(item.createdAt)}
        </time>
      )}
      {mine && item.delivery === 'failed' ? (
        <FailedActions item={item} onResend={onResend} onRemove={onRemove} />
      ) : null}
    </li>
  );
}
