import { CHAT_FILE_ACCEPT } from '@member-wallet/contract/chat';
import { CHAT_LIMITS } from '@member-wallet/contract/constants';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { Icon } from '../../../components/icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { checkChatFile } from '../chat-file-rules.ts';

interface ChatComposerProps {
  disabled: boolean;
  onSendText: (text: string) => void;
  onSendFile: (file: File, fileType: 'image' | 'video') => void;
  onAlert: (text: string) => void;
}

const ICON_BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-brand-600 disabled:opacity-50';

/**
 * The message box (spec section 5): Enter sends, Enter with Shift, Ctrl, Alt or Meta starts a new line; a
 * blank message is not sent and one over CHAT_LIMITS.textMaxLength characters is refused with a message.
 */
export function ChatComposer({ disabled, onSendText, onSendFile, onAlert }: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once a line break added by hand is on screen. */
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null) return;
    textArea.current?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  function submit() {
    if (text.trim() === '') return;
    if (text.length > CHAT_LIMITS.textMaxLength) {
      onAlert(t('chat.tooLong', { max: CHAT_LIMITS.textMaxLength }));
      return;
    }
    onSendText(text);
    setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Shift+Enter is the browser's own line break.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!event.ctrlKey && !event.altKey && !event.metaKey) {
      if (!disabled) submit();
      return;
    }
    // Browsers add no line break for Ctrl, Alt or Meta with Enter; it is added here, as for Shift.
    const area = event.currentTarget;
    caret.current = area.selectionStart + 1;
    setText(`${text.slice(0, area.selectionStart)}\n${text.slice(area.selectionEnd)}`);
  }

  function onFile(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const check = checkChatFile(file);
    if (check.ok) onSendFile(file, check.fileType);
    else onAlert(check.error);
  }

  return (
    <form
      className="flex items-end gap-1 border-t border-slate-200 p-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <input
        ref={fileInput}
        type="file"
        accept={CHAT_FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('chat.attach')}
        onChange={(event) => onFile(event.currentTarget.files?.[0])}
      />
      <button
        type="button"
        disabled={disabled}
        onClick={() => fileInput.current?.click()}
        aria-label={t('chat.attach')}
        title={t('chat.attach')}
        className={`${ICON_BUTTON} text-slate-700 hover:bg-slate-100`}
      >
        <Icon>
          <path d="M21 12.5l-8.5 8.5a5 5 0 0 1-7-7L14 5.5a3.5 3.5 0 0 1 5 5L10.5 19a2 2 0 0 1-3-3L15 8.5" />
        </Icon>
      </button>
      <textarea
        ref={textArea}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        aria-label={t('chat.messageLabel')}
        placeholder={t('chat.placeholder')}
        className="min-h-11 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none"
      />
      <button
        type="submit"
        disabled={disabled}
        aria-label={t('chat.send')}
        title={t('chat.send')}
        className={`${ICON_BUTTON} bg-brand-700 text-white hover:bg-brand-800`}
      >
        <Icon className="size-5">
          <path d="M22 2L11 13M22 2l-7 20-4-9-9-4 20-7z" />
        </Icon>
      </button>
    </form>
  );
}
