import { CHAT_BACKOFFICE_API, CHAT_FILE_FIELD, chatUploadResponse } from '@member-wallet/contract/chat';
import { TIMEOUT_MS } from '@member-wallet/contract/constants';
import { errorFromAnswer, readJson, send } from '../../../lib/http.ts';

/** Uploads a picture or a video (multipart) and answers the path a media message carries. */
export async function uploadChatFile(file: File): Promise<string> {
  const form = new FormData();
  form.append(CHAT_FILE_FIELD, file);
  const response = await send(CHAT_BACKOFFICE_API.upload, { method: 'POST', body: form, timeoutMs: TIMEOUT_MS.upload });
  const data = await readJson(response);
  if (!response.ok) throw errorFromAnswer(response.status, data);
  return chatUploadResponse.parse(data).path;
}
