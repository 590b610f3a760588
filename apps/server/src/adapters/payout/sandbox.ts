import { WEBHOOKS } from '@member-wallet/contract/api-paths';
import type { Clock } from '../../lib/clock.ts';
import { HttpPayout } from './http.ts';

/**
 * The sandbox payout party is reached exactly as a real one: the same HTTP adapter, over real HTTP, at this
 * server's own address (known only once it listens), with the sandbox secret; it notifies this server's own
 * webhook.
 */
export function sandboxPayout(ownBaseUrl: () => string, secret: string, clock: Clock): HttpPayout {
  return new HttpPayout({
    baseUrl: () => `${ownBaseUrl()}/sandbox/payout`,
    secret,
    callbackUrl: () => `${ownBaseUrl()}${WEBHOOKS.payout}`,
    clock,
  });
}
