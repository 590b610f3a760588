import { API } from '@member-wallet/contract/api-paths';
import { GONE } from '@member-wallet/contract/error-codes';
import { activeResponse } from '@member-wallet/contract/lookup';
import { isApiError, request } from '../../../lib/http.ts';

/**
 * Asks whether the site still runs. Used by the /login guard, which redirects through the router itself,
 * so the HTTP client's own redirect is turned off. A failed request does not lock visitors out.
 */
export async function isSiteGone(): Promise<boolean> {
  try {
    const answer = await request(API.lookup('active'), { schema: activeResponse, redirects: false });
    return !answer.active || answer.message === GONE;
  } catch (error) {
    return isApiError(error) && error.code === GONE;
  }
}
