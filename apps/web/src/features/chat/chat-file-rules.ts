import { CHAT_VIDEO_EXTENSIONS } from '@member-wallet/contract/chat';
import { CHAT_LIMITS } from '@member-wallet/contract/constants';
import { i18n } from '../../i18n/i18n.ts';

const BYTES_PER_MB = 1024 * 1024;

export type ChatFileCheck = { ok: true; fileType: 'image' | 'video' } | { ok: false; error: string };

function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : null;
}

/**
 * The file rules of spec section 5, checked before anything is uploaded: a name with an allowed extension,
 * pictures up to 10 MB and videos up to 20 MB. The server checks the content again.
 */
export function checkChatFile(file: File): ChatFileCheck {
  const extension = extensionOf(file.name);
  if (extension === null || !(CHAT_LIMITS.extensions as readonly string[]).includes(extension)) {
    return { ok: false, error: i18n.t('validation.fileNotSupported') };
  }
  const video = (CHAT_VIDEO_EXTENSIONS as readonly string[]).includes(extension);
  const maxBytes = video ? CHAT_LIMITS.videoMaxBytes : CHAT_LIMITS.imageMaxBytes;
  if (file.size > maxBytes) {
    return { ok: false, error: i18n.t('validation.fileTooLarge', { size: maxBytes / BYTES_PER_MB }) };
  }
  return { ok: true, fileType: video ? 'video' : 'image' };
}
