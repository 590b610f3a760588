import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { MEDIA_FILE_FIELD, mediaUploadResponse } from '@member-wallet/contract/backoffice/promotions';
import { useMutation } from '@tanstack/react-query';
import { errorFromAnswer, readJson, send } from '../../../lib/http.ts';

/** Uploads a picture (multipart) and answers the URL a banner uses. */
async function uploadMedia(file: File): Promise<string> {
  const form = new FormData();
  form.append(MEDIA_FILE_FIELD, file);
  const response = await send(BACKOFFICE_API.mediaUpload, { method: 'POST', body: form, timeoutMs: null });
  const data = await readJson(response);
  if (!response.ok) throw errorFromAnswer(response.status, data);
  return mediaUploadResponse.parse(data).url;
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
