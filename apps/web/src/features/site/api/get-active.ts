import { API } from '@member-wallet/contract/api-paths';
import { GONE } from '@member-wallet/contract/error-codes';
import { isApiError, request } from '../../../lib/http.ts';

/**
 * The answer is read by hand rather than with the contract's `activeResponse` schema: this call decides
 * when /login can render (its largest paint), and the schema library would be one more download before it.
 * Only `active: false` closes the site; `message: gone` is handled by the HTTP client as for every call.
 */
function closed(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && 'active' in answer && answer.active === false;
}

/**
 * Asks whether the site still runs. Used by the /login guard, which redirects through the router itself,
 * so the HTTP client's own redirect is turned off. A failed request does not lock visitors out.
 */
export async function isSiteGone(): Promise<boolean> {
  try {
    return closed(await request<unknown>(API.lookup('active'), { redirects: false }));
  } catch (error) {
    return isApiError(error) && error.code === GONE;
  }
}
