import { TIMEOUT_MS } from '@member-wallet/contract/constants';
import { apiHeaders, apiUrl, networkError, type RequestOptions, readAnswer } from './http.ts';

export interface UploadOptions<T> extends Pick<RequestOptions<T>, 'schema' | 'redirects' | 'headers'> {
  /** The multipart field the server reads the file from. */
  field: string;
  file: Blob;
  /** Uploads get the long time-out of spec section 9 (300 s) unless told otherwise. */
  timeoutMs?: number;
  /** Called with the share of the file sent so far, 0 to 1, as the browser reports it. */
  onProgress?: (fraction: number) => void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Sends one file as multipart form data. `fetch` cannot report upload progress, so this uses XMLHttpRequest
 * with the JSON client's headers (app name, language, bearer token) and reads the answer the same way
 * (http.ts `readAnswer`): the same error codes, redirects and schema check.
 */
export function uploadFile<T>(path: string, options: UploadOptions<T>): Promise<T> {
  const { field, file, timeoutMs = TIMEOUT_MS.upload, onProgress, schema, redirects, headers } = options;
  const form = new FormData();
  form.append(field, file);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries({ ...apiHeaders(), ...headers })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      onProgress?.(1);
      try {
        resolve(readAnswer(xhr.status, parseJson(xhr.responseText), { schema, redirects }));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(networkError());
    xhr.ontimeout = () => reject(networkError());
    xhr.onabort = () => reject(networkError());
    xhr.send(form);
  });
}
