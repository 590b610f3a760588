import type { ChatButton, ChatCard, ChatMessage } from '@member-wallet/contract/chat';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';

/**
 * Every message type of spec section 3, shown as React text only: nothing a customer or an operator wrote is
 * ever read as HTML. Only http(s) addresses become links (new tab, no opener, no referrer); media files are
 * shown from http(s) addresses or the server's own paths.
 */

export function safeLink(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A file's address: one of the server's own paths (a single leading slash) or an http(s) URL. */
export function safeSource(address: string): string | null {
  if (address.startsWith('/') && !address.startsWith('//')) return address;
  return safeLink(address);
}

function Text({ children }: { children: ReactNode }) {
  return <p className="break-words whitespace-pre-wrap">{children}</p>;
}

function ButtonLine({ button }: { button: ChatButton }) {
  const { t } = useTranslation();
  const link = button.type === 'web' ? safeLink(button.payload) : null;
  return (
    <li className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800">
      <span className="mr-1 rounded bg-slate-100 px-1 text-xs text-slate-600">
        {t(`chat.buttonType.${button.type}`)}
      </span>
      {link ? (
        <a href={link} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-800 underline">
          {button.title}
        </a>
      ) : (
        <span className="font-semibold">{button.title}</span>
      )}
      {button.payload && !link ? <span className="ml-1 break-all text-slate-500">({button.payload})</span> : null}
    </li>
  );
}

function Buttons({ buttons }: { buttons: readonly ChatButton[] }) {
  return (
    <ul className="mt-1 space-y-1">
      {buttons.map((button, index) => (
        // Buttons have no id of their own and never move within a sent message.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <ButtonLine key={index} button={button} />
      ))}
    </ul>
  );
}

function Card({ card }: { card: ChatCard }) {
  const image = card.image_url ? safeSource(card.image_url) : null;
  return (
    <li className="w-56 shrink-0 overflow-hidden rounded-xl border border-slate-300 bg-white text-slate-900">
      {image ? <img src={image} alt="" className="h-28 w-full object-cover" /> : null}
      <div className="p-2">
        <p className="font-semibold break-words">{card.title}</p>
        {card.subtitle ? <p className="text-sm break-words text-slate-600">{card.subtitle}</p> : null}
        {card.buttons?.length ? <Buttons buttons={card.buttons} /> : null}
      </div>
    </li>
  );
}

function Media({ payload }: { payload: Extract<ChatMessage, { message_type: 'media' }>['payload'] }) {
  const { t } = useTranslation();
  const source = safeSource(payload.filePath);
  let shown: ReactNode = <Text>{t('chat.fileUnavailable')}</Text>;
  if (source && payload.fileType === 'image') {
    shown = <img src={source} alt={t('chat.picture')} className="max-h-60 max-w-full rounded-lg" />;
  } else if (source && payload.fileType === 'video') {
    // biome-ignore lint/a11y/useMediaCaption: customers' videos come without captions
    shown = <video src={source} controls preload="metadata" className="max-h-60 max-w-full rounded-lg" />;
  } else if (source) {
    shown = (
      <a href={source} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
        {t('chat.openFile')}
      </a>
    );
  }
  return (
    <>
      {shown}
      {payload.message ? <Text>{payload.message}</Text> : null}
    </>
  );
}

/** The content of one message, by its type. */
export function MessageBody({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  switch (message.message_type) {
    case 'text':
      return <Text>{message.payload.message}</Text>;
    case 'buttons':
      return (
        <>
          {message.payload.message ? <Text>{message.payload.message}</Text> : null}
          <Buttons buttons={message.payload.buttons} />
        </>
      );
    case 'media':
      return <Media payload={message.payload} />;
    case 'quick_replies':
      return (
        <>
          <Text>{message.payload.message}</Text>
          <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('chat.quickReplies')}>
            {message.payload.quick_replies.map((reply, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: replies never move within a sent message
              <li key={index} className="rounded-full border border-brand-700 bg-white px-2 text-sm text-brand-800">
                {reply.title}
              </li>
            ))}
          </ul>
        </>
      );
    case 'generic':
      return (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {message.payload.elements.map((card, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cards never move within a sent message
            <Card key={index} card={card} />
          ))}
        </ul>
      );
    case 'postback':
      return <Text>{t('chat.postback', { title: message.payload.title })}</Text>;
    default:
      return <Text>{t('chat.unknownMessage')}</Text>;
  }
}

/** A conversation list's one-line preview of a message, by its type. */
export function previewOf(message: ChatMessage, t: ReturnType<typeof useTranslation>['t']): string {
  switch (message.message_type) {
    case 'text':
      return message.payload.message;
    case 'buttons':
      return message.payload.message || t('chat.preview.buttons');
    case 'media':
      return t(`chat.preview.${message.payload.fileType}`);
    case 'quick_replies':
      return message.payload.message;
    case 'generic':
      return message.payload.elements[0]?.title ?? t('chat.preview.generic');
    case 'postback':
      return t('chat.postback', { title: message.payload.title });
    default:
      return t('chat.unknownMessage');
  }
}
