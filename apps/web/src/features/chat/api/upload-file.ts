import { API } from '@member-wallet/contract/api-paths';
import { CHAT_FILE_FIELD, chatUploadResponse } from '@member-wallet/contract/chat';
import { uploadFile } from '../../../lib/upload.ts';
import { type ChatIdentity, chatCallOptions } from '../chat-identity.ts';

const UPLOAD_URL = { image: API.chatUploadImage, video: API.chatUploadVideo } as const;

/**
 * Uploads a picture or a video for a media message, each to its own route (300 s time-out); answers the
 * `filePath` to send.
 */
export async function uploadChatFile(
  kind: keyof typeof UPLOAD_URL,
  identity: ChatIdentity,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const answer = await uploadFile(UPLOAD_URL[kind], {
    field: CHAT_FILE_FIELD,
    file,
    onProgress,
    schema: chatUploadResponse,
    ...chatCallOptions(identity),
  });
  return answer.path;
}
