import type { Clock } from '../../lib/clock.ts';
import { HttpBankFeed } from './http.ts';

/**
 * The sandbox bank feed is read exactly as a real one: the same HTTP adapter, over real HTTP, at this server's
 * own address (known only once it listens), with the sandbox secret.
 */
export function sandboxBankFeed(ownBaseUrl: () => string, secret: string, clock: Clock): HttpBankFeed {
  return new HttpBankFeed({ baseUrl: () => `${ownBaseUrl()}/sandbox/bank`, secret, clock });
}
