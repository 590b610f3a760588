import type { OperatorMessage } from '@member-wallet/contract/chat';
import { CHAT_LIMITS } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { FieldMessage, INPUT_CLASS } from '@member-wallet/ui/field-message';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from '../../i18n/i18n.ts';
import { CardsBuilder } from './cards-builder.tsx';
import { MediaPicker } from './media-picker.tsx';
import { ButtonsBuilder, QuickRepliesBuilder } from './reply-builders.tsx';

const MODES = ['text', 'buttons', 'quick_replies', 'generic', 'media'] as const;
type Mode = (typeof MODES)[number];

/** What is wrong with a text to send, or null: blank, or longer than CHAT_LIMITS.textMaxLength. */
export function textProblem(text: string, t: ReturnType<typeof useTranslation>['t']): string | null {
  if (text.trim() === '') return t('chat.textBlank');
  if (text.trim().length > CHAT_LIMITS.textMaxLength) return t('chat.textTooLong', { max: CHAT_LIMITS.textMaxLength });
  return null;
}

/** A text reply: Enter sends, Shift+Enter starts a new line; blank or too long is refused with a reason. */
function TextReply({ onSend }: { onSend: (message: OperatorMessage) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    const problem = textProblem(text, t);
    setError(problem);
    if (problem) return;
    onSend({ message_type: 'text', payload: { message: text.trim() } });
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <div className="flex items-end gap-2">
      <div className="flex-1">
        <label htmlFor={id} className="sr-only">
          {t('chat.reply')}
        </label>
        <textarea
          id={id}
          rows={2}
          value={text}
          placeholder={t('chat.replyPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className={`${INPUT_CLASS} border-slate-300`}
        />
        <FieldMessage
          id={`${id}-message`}
          error={error}
          hint={t('chat.textCount', { count: text.trim().length, max: CHAT_LIMITS.textMaxLength })}
        />
      </div>
      <Button onClick={submit} className="mb-7">
        {t('chat.send')}
      </Button>
    </div>
  );
}

/** The reply box: a text, buttons, quick replies, cards, or a picture or video. */
export function Composer({ onSend }: { onSend: (message: OperatorMessage) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('text');
  const baseId = useId();
  return (
    <div className="rounded-2xl bg-white p-3 shadow-sm">
      <div role="tablist" aria-label={t('chat.replyWith')} className="mb-3 flex gap-1 overflow-x-auto border-b">
        {MODES.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            id={`${baseId}-${each}`}
            aria-selected={mode === each}
            aria-controls={`${baseId}-panel`}
            onClick={() => setMode(each)}
            className={`min-h-11 border-b-4 px-3 font-semibold whitespace-nowrap ${mode === each ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {t(`chat.mode.${each}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${mode}`}>
        {mode === 'text' ? <TextReply onSend={onSend} /> : null}
        {mode === 'buttons' ? <ButtonsBuilder onSend={onSend} /> : null}
        {mode === 'quick_replies' ? <QuickRepliesBuilder onSend={onSend} /> : null}
        {mode === 'generic' ? <CardsBuilder onSend={onSend} /> : null}
        {mode === 'media' ? <MediaPicker onSend={onSend} /> : null}
      </div>
    </div>
  );
}
