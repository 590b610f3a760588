import type { Reader } from './config.read.ts';

/**
 * KASIKORNBANK's QR Payment API credentials (docs/parties/kbank-qr.md), read when a gateway of `PAYMENT_GATEWAYS`
 * names the `kbank` adapter: the OAuth 2.0 consumer (the app of the KBank API portal), the partner and merchant
 * KBank assigns, and the client certificate of KBank's two-way SSL.
 */
export interface KbankCredentials {
  consumerId: string;
  consumerSecret: string;
  partnerId: string;
  partnerSecret: string;
  merchantId: string;
  terminalId: string | null;
  /** PEM files of the client certificate and its key (two-way SSL); null: plain TLS. */
  tlsCertFile: string | null;
  tlsKeyFile: string | null;
}

/** Each variable, whether it is required, and its longest value (KBank's field lengths). */
const VARIABLES = [
  ['KBANK_CONSUMER_ID', 'consumerId', true, 200],
  ['KBANK_CONSUMER_SECRET', 'consumerSecret', true, 200],
  ['KBANK_PARTNER_ID', 'partnerId', true, 10],
  ['KBANK_PARTNER_SECRET', 'partnerSecret', true, 32],
  ['KBANK_MERCHANT_ID', 'merchantId', true, 14],
  ['KBANK_TERMINAL_ID', 'terminalId', false, 8],
  ['KBANK_TLS_CERT_FILE', 'tlsCertFile', false, 1000],
  ['KBANK_TLS_KEY_FILE', 'tlsKeyFile', false, 1000],
] as const;

/** The `KBANK_...` variables; null, with every problem reported, when one is missing or too long. */
export function readKbankCredentials(read: Reader): KbankCredentials | null {
  const values: Record<string, string | null> = {};
  let valid = true;
  for (const [name, key, required, lengthMax] of VARIABLES) {
    const value = read.raw(name) ?? null;
    if (value === null && required) {
      read.fail(name, 'set for a gateway of the kbank adapter (PAYMENT_GATEWAYS)', '');
      valid = false;
    } else if (value !== null && value.length > lengthMax) {
      // A secret is never echoed.
      read.fail(name, `at most ${lengthMax} characters`, '...');
      valid = false;
    }
    values[key] = value;
  }
  if ((values.tlsCertFile === null) !== (values.tlsKeyFile === null)) {
    const missing = values.tlsCertFile === null ? 'KBANK_TLS_CERT_FILE' : 'KBANK_TLS_KEY_FILE';
    const other = missing === 'KBANK_TLS_CERT_FILE' ? 'KBANK_TLS_KEY_FILE' : 'KBANK_TLS_CERT_FILE';
    read.fail(missing, `set with ${other} (the client certificate and its key)`, '');
    valid = false;
  }
  return valid ? (values as unknown as KbankCredentials) : null;
}
