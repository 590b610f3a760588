import { QR_GATEWAYS } from '@member-wallet/contract/deposit';
import { type KbankCredentials, readKbankCredentials } from './config.kbank.ts';
import type { Reader } from './config.read.ts';

/**
 * A real payment gateway: `http`, one that speaks our gateway API (docs/parties/payments.md), with the HMAC
 * secret shared with it; or a vendor adapter that speaks the vendor's own API (`kbank`: docs/parties/kbank-qr.md),
 * with the vendor's credentials.
 */
export type PaymentGatewayConfig =
  | { adapter: 'http'; baseUrl: string; secret: string }
  | { adapter: 'kbank'; baseUrl: string; kbank: KbankCredentials };

/** Pairs `CODE=value`, comma-separated, each code one of the QR gateways; the value is never echoed. */
function readGatewayPairs(read: Reader, name: string): Map<string, string> {
  const pairs = new Map<string, string>();
  const value = read.raw(name);
  for (const pair of value ? value.split(',') : []) {
    const at = pair.indexOf('=');
    const code = pair.slice(0, at).trim();
    const item = pair.slice(at + 1).trim();
    if (at < 1 || !(QR_GATEWAYS as readonly string[]).includes(code) || item === '' || pairs.has(code)) {
      read.fail(name, `CODE=value pairs separated by commas, CODE one of ${QR_GATEWAYS.join(', ')}`, '...');
      break;
    }
    pairs.set(code, item);
  }
  return pairs;
}

/** The vendor adapters a gateway of `PAYMENT_GATEWAYS` may name (`CODE=adapter:baseUrl`). */
export const PAYMENT_VENDOR_ADAPTERS = ['kbank'] as const;

/** `https://x` (the gateway API, `http`), or `kbank:https://x` (a vendor adapter); null: neither. */
function gatewayTarget(value: string): { adapter: 'http' | 'kbank'; baseUrl: string } | 'unknown adapter' | null {
  const prefix = /^([a-z][a-z0-9-]*):(?!\/\/)/.exec(value);
  const adapter = prefix ? prefix[1] : 'http';
  const baseUrl = prefix ? value.slice(prefix[0].length) : value;
  if (adapter !== 'http' && !(PAYMENT_VENDOR_ADAPTERS as readonly string[]).includes(adapter ?? '')) {
    return 'unknown adapter';
  }
  try {
    if (!['http:', 'https:'].includes(new URL(baseUrl).protocol)) return null;
  } catch {
    return null;
  }
  return { adapter: adapter as 'http' | 'kbank', baseUrl };
}

/**
 * `PAYMENT_GATEWAYS` (`CODE=baseUrl`, or `CODE=kbank:baseUrl` for a vendor adapter) with `PAYMENT_GATEWAY_SECRETS`
 * (`CODE=secret`): a gateway of the gateway API needs its secret; one of a vendor adapter takes none (its
 * credentials are the vendor's own variables, `KBANK_...`).
 */
export function readPaymentGateways(read: Reader): ReadonlyMap<string, PaymentGatewayConfig> {
  const urls = readGatewayPairs(read, 'PAYMENT_GATEWAYS');
  const secrets = readGatewayPairs(read, 'PAYMENT_GATEWAY_SECRETS');
  const gateways = new Map<string, PaymentGatewayConfig>();
  let kbank: KbankCredentials | null | undefined;
  for (const [code, value] of urls) {
    const secret = secrets.get(code);
    const target = gatewayTarget(value);
    if (target === 'unknown adapter') {
      read.fail('PAYMENT_GATEWAYS', `baseUrl or adapter:baseUrl, adapter ${PAYMENT_VENDOR_ADAPTERS.join(', ')}`, value);
    } else if (!target) read.fail('PAYMENT_GATEWAYS', `http(s) base URLs (${code})`, value);
    else if (target.adapter === 'kbank') {
      if (secret) read.fail('PAYMENT_GATEWAY_SECRETS', `no secret for a gateway of a vendor adapter (${code})`, '...');
      if (kbank === undefined) kbank = readKbankCredentials(read);
      if (kbank) gateways.set(code, { adapter: 'kbank', baseUrl: target.baseUrl, kbank });
    } else if (!secret)
      read.fail('PAYMENT_GATEWAY_SECRETS', `a secret for every gateway of PAYMENT_GATEWAYS (${code})`, '');
    else gateways.set(code, { adapter: 'http', baseUrl: target.baseUrl, secret });
  }
  return gateways;
}
