import type { Clock } from '../../lib/clock.ts';
import { HttpVoucherRedeemer } from './http.ts';

/** The sandbox voucher party, reached as a real one: the same HTTP adapter at this server's own address. */
export function sandboxVoucherRedeemer(ownBaseUrl: () => string, secret: string, clock: Clock): HttpVoucherRedeemer {
  return new HttpVoucherRedeemer({ baseUrl: () => `${ownBaseUrl()}/sandbox/truemoney`, secret, clock });
}
