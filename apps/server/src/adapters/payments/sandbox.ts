import { fillPath, WEBHOOKS } from '@member-wallet/contract/api-paths';
import type { Clock } from '../../lib/clock.ts';
import { HttpPaymentGateway } from './http.ts';

/** The sandbox gateways' signing secret for a gateway code; a real gateway's comes from `PAYMENT_GATEWAYS`. */
export function sandboxPaymentSecret(code: string): string {
  return `sandbox-payment-secret-${code.toLowerCase()}`;
}

/**
 * SANDBOX: the sandbox gateway of a code is reached exactly as a real one: the same HTTP adapter, over real
 * HTTP, at this server's own address (known only once it listens) under `/sandbox/payments/{code}`, with the
 * sandbox secret; it notifies this server's own webhook `/api/webhooks/payments/{code}`.
 */
export function sandboxPaymentGateway(
  code: string,
  ownBaseUrl: () => string,
  clock: Clock,
  timeoutMs: number,
): HttpPaymentGateway {
  return new HttpPaymentGateway({
    code,
    baseUrl: () => `${ownBaseUrl()}/sandbox/payments/${code}`,
    secret: sandboxPaymentSecret(code),
    callbackUrl: () => `${ownBaseUrl()}${fillPath(WEBHOOKS.payments, { gateway: code })}`,
    clock,
    timeoutMs,
    sandbox: true,
  });
}
