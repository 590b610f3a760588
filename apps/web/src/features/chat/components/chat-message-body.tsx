import type { ChatCard, ChatMessage } from '@member-wallet/contract/chat';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { apiUrl } from '../../../lib/http.ts';
import { safeImageUrl } from '../../../lib/safe-url.ts';
import { ChatButtonView } from './chat-button.tsx';

type MediaMessage = Extract<ChatMessage, { message_type: 'media' }>;
type Postback = (title: string, payload: string) => void;

/** A media message's address: a full http(s) URL when `url`, else a path of our own server; nothing else. */
function mediaUrl(payload: MediaMessage['payload']): string | undefined {
  if (payload.url) return /^https?:\/\//i.test(payload.filePath) ? payload.filePath : undefined;
  return payload.filePath.startsWith('/') && !payload.filePath.startsWith('//') ? apiUrl(payload.filePath) : undefined;
}

function TextBlock({ text }: { text: string | undefined }) {
  // React escapes the text: markup an operator typed shows as text, and links are not turned into anchors.
  return text ? <p className="whitespace-pre-wrap break-words">{text}</p> : null;
}

function NotSupported() {
  const { t } = useTranslation();
  return <p className="italic text-slate-600">{t('chat.notSupported')}</p>;
}

function Media({ payload }: { payload: MediaMessage['payload'] }) {
  const { t } = useTranslation();
  const url = mediaUrl(payload);
  if (!url) return <NotSupported />;
  if (payload.fileType === 'image') {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t('chat.openImage')} className="block">
        <img src={url} alt={payload.message || t('chat.picture')} className="max-h-60 rounded-lg object-contain" />
      </a>
    );
  }
  if (payload.fileType === 'video') {
    return (
      <video src={url} controls preload="metadata" className="max-h-60 w-full rounded-lg" aria-label={t('chat.video')}>
        <track kind="captions" />
      </video>
    );
  }
  return (
    <a href={url} download className="inline-flex min-h-11 items-center font-semibold underline">
      {t('chat.downloadFile')}
    </a>
  );
}

function Card({ card, onPostback }: { card: ChatCard; onPostback: Postback }) {
  const image = card.image_url ? safeImageUrl(card.image_url) : undefined;
  return (
    <li className="w-56 shrink-0 snap-start overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
      {image ? <img src={image} alt="" className="h-28 w-full object-cover" /> : null}
      <div className="space-y-2 p-3">
        <p className="font-semibold break-words">{card.title}</p>
        {card.subtitle ? <p className="text-sm break-words text-slate-600">{card.subtitle}</p> : null}
        {card.buttons?.map((button) => (
          <ChatButtonView key={`${button.type}:${button.title}`} button={button} onPostback={onPostback} />
        ))}
      </div>
    </li>
  );
}

function QuickReplies({ message, onPostback }: { message: ChatMessage; onPostback: Postback }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(false);
  if (message.message_type !== 'quick_replies') return null;
  return (
    <>
      <TextBlock text={message.payload.message} />
      {chosen ? null : (
        <ul aria-label={t('chat.quickReplies')} className="mt-2 flex flex-wrap gap-2">
          {message.payload.quick_replies.map((reply) => (
            <li key={reply.title}>
              <button
                type="button"
                onClick={() => {
                  setChosen(true);
                  onPostback(reply.title, reply.payload);
                }}
                className="min-h-11 rounded-full border border-brand-700 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                {reply.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What a message says, by type (spec section 3); anything the client cannot read shows as not supported. */
export function ChatMessageBody({ message, onPostback }: { message: ChatMessage; onPostback: Postback }) {
  const { t } = useTranslation();
  switch (message.message_type) {
    case 'text':
      return <TextBlock text={message.payload.message} />;
    case 'postback':
      return <TextBlock text={message.payload.title} />;
    case 'buttons':
      return (
        <div className="space-y-2">
          <TextBlock text={message.payload.message} />
          {message.payload.buttons.map((button) => (
            <ChatButtonView key={`${button.type}:${button.title}`} button={button} onPostback={onPostback} />
          ))}
        </div>
      );
    case 'media':
      return (
        <div className="space-y-1">
          <Media payload={message.payload} />
          <TextBlock text={message.payload.message} />
        </div>
      );
    case 'quick_replies':
      return <QuickReplies message={message} onPostback={onPostback} />;
    case 'generic':
      return (
        <ul aria-label={t('chat.cards')} className="flex snap-x gap-2 overflow-x-auto pb-1">
          {message.payload.elements.map((card) => (
            <Card key={card.title} card={card} onPostback={onPostback} />
          ))}
        </ul>
      );
    default:
      return <NotSupported />;
  }
}
