import { type SlipQuery, SlipVerifierUnavailableError } from './slip-verifier.ts';

/** How long a vendor has to answer one call; the slip is UNKNOW_ERROR after it (the member uploads it again). */
export const SLIP_VERIFIER_TIMEOUT_MS = 15_000;

/** A vendor's answer: its status and its body as JSON (undefined when the body is not JSON). */
export interface VendorReply {
  status: number;
  body: unknown;
}

/**
 * One POST to a slip-verification vendor over the global fetch. A network error or no answer within
 * `timeoutMs` (the body included) is SlipVerifierUnavailableError; the URL's path and the key are never in
 * its message (a SlipOK path names the branch).
 */
export async function postToVendor(
  vendor: string,
  url: string,
  request: { headers: Record<string, string>; body: string | FormData },
  timeoutMs: number,
): Promise<VendorReply> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { method: 'POST', ...request, signal, redirect: 'error' });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  } catch (cause) {
    if (signal.aborted) {
      throw new SlipVerifierUnavailableError(`${vendor} did not answer within ${timeoutMs} ms`, { cause });
    }
    throw new SlipVerifierUnavailableError(`${vendor} unreachable: ${originOf(url)}`, { cause });
  }
}

/** The address's origin for a message; an address that does not read is named as such (never in full). */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an address that does not read';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A multipart/form-data body with the slip's picture as a file part named `field` (`slip.png`, `slip.jpg`). */
export function pictureForm(field: string, picture: NonNullable<SlipQuery['picture']>): FormData {
  const form = new FormData();
  const name = picture.contentType === 'image/png' ? 'slip.png' : 'slip.jpg';
  form.append(field, new Blob([new Uint8Array(picture.bytes)], { type: picture.contentType }), name);
  return form;
}
