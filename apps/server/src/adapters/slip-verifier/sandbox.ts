import type { Clock } from '../../lib/clock.ts';
import { HttpSlipVerifier } from './http.ts';

/** The sandbox verifier is asked exactly as a real one: the same adapter, over real HTTP, at this server. */
export function sandboxSlipVerifier(ownBaseUrl: () => string, secret: string, clock: Clock): HttpSlipVerifier {
  return new HttpSlipVerifier({ baseUrl: () => `${ownBaseUrl()}/sandbox/slip-verifier`, secret, clock });
}
