import { CHAT_FILE_ACCEPT, CHAT_VIDEO_EXTENSIONS, type OperatorMessage } from '@member-wallet/contract/chat';
import { CHAT_LIMITS } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { FieldMessage } from '@member-wallet/ui/field-message';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { TextArea } from '../../components/form-parts.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorText, translateCode } from '../../lib/http.ts';
import { uploadChatFile } from './api/upload-chat-file.ts';

/**
 * Whether a file may be sent, checked before it goes up as the member app does (spec section 5): the extension
 * (CHAT_LIMITS.extensions), then the size, 10 MB for a picture and 20 MB for a video. The server checks the
 * content again whatever the name says.
 */
export function checkChatFile(file: File): { fileType: 'image' | 'video' } | { error: string } {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(CHAT_LIMITS.extensions as readonly string[]).includes(extension)) {
    return { error: translateCode('CHAT_FILE_NOT_SUPPORTED') };
  }
  const video = (CHAT_VIDEO_EXTENSIONS as readonly string[]).includes(extension);
  if (file.size > (video ? CHAT_LIMITS.videoMaxBytes : CHAT_LIMITS.imageMaxBytes)) {
    return { error: translateCode('CHAT_FILE_TOO_LARGE') };
  }
  return { fileType: video ? 'video' : 'image' };
}

/** A picture or a video: checked, uploaded, then sent as a media message with the path the upload answered. */
export function MediaPicker({ onSend }: { onSend: (message: OperatorMessage) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [picked, setPicked] = useState<{ file: File; fileType: 'image' | 'video' } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  // A new input after each send, so that the file sent no longer shows as chosen.
  const [inputKey, setInputKey] = useState(0);
  const upload = useMutation({ mutationFn: uploadChatFile });

  function pick(file: File | undefined) {
    upload.reset();
    setPicked(null);
    if (!file) return;
    const checked = checkChatFile(file);
    if ('error' in checked) setProblem(checked.error);
    else {
      setProblem(null);
      setPicked({ file, fileType: checked.fileType });
    }
  }

  function send() {
    if (!picked) {
      setProblem(t('chat.media.choose'));
      return;
    }
    upload.mutate(picked.file, {
      onSuccess: (path) => {
        const message = caption.trim() ? caption.trim().slice(0, CHAT_LIMITS.textMaxLength) : undefined;
        onSend({ message_type: 'media', payload: { message, url: false, fileType: picked.fileType, filePath: path } });
        setPicked(null);
        setCaption('');
        setInputKey((key) => key + 1);
      },
    });
  }

  const error = problem ?? (upload.error ? errorText(upload.error) : null);
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={id} className="mb-1 block text-slate-800">
          {t('chat.media.file')}
        </label>
        <input
          key={inputKey}
          id={id}
          type="file"
          accept={CHAT_FILE_ACCEPT}
          aria-describedby={`${id}-message`}
          onChange={(event) => pick(event.target.files?.[0])}
          className="block min-h-11 w-full text-base"
        />
        <FieldMessage id={`${id}-message`} error={error} hint={t('chat.media.hint')} />
      </div>
      <TextArea label={t('chat.media.caption')} value={caption} onChange={setCaption} rows={2} />
      <Button onClick={send} loading={upload.isPending}>
        {upload.isPending ? t('chat.media.uploading') : t('chat.send')}
      </Button>
    </div>
  );
}
