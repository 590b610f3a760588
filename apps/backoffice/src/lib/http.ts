import { createHttpClient } from '@member-wallet/client-core/http';
import { INVALID_TOKEN } from '@member-wallet/contract/error-codes';
import { i18n } from '../i18n/i18n.ts';
import { clearToken, getToken } from './session.ts';

export { ApiError, NETWORK_ERROR, readJson, type Schema } from '@member-wallet/client-core/http';

/**
 * The one way the app talks to the back-office API: client-core's client with the operator's token, a 20 s
 * time-out and no app name (the operators' API has no gate for it). An ended session (`invalid-token`) drops
 * the token, which sends the app back to sign-in.
 */
export const { translateCode, errorText, send, errorFromAnswer, request } = createHttpClient({
  base: '',
  timeoutMs: 20_000,
  token: getToken,
  i18n,
  refused(error) {
    if (error.code === INVALID_TOKEN) clearToken();
    return error;
  },
});
