import { sandboxPaymentSecret } from './adapters/payments/sandbox.ts';
import { DEV_TRUELINK_KEY, type Reader } from './config.read.ts';
import { slipVerifierProductionProblems } from './config.slip-verifier.ts';
import type { Config } from './config.types.ts';

/** The sandbox SMS party's key; a real party's key comes from `SMS_API_KEY`. */
export const SANDBOX_SMS_API_KEY = 'sandbox-sms-key';

/** The sandbox payout party's signing secret; a real party's comes from `PAYOUT_SECRET`. */
export const SANDBOX_PAYOUT_SECRET = 'sandbox-payout-secret';

/** The sandbox bank feed's signing secret; a real feed's comes from `BANK_FEED_SECRET`. */
export const SANDBOX_BANK_FEED_SECRET = 'sandbox-bank-feed-secret';

/** The sandbox game provider's signing secret; a real provider's comes from `GAME_PROVIDER_SECRETS`. */
export const SANDBOX_GAME_SECRET = 'sandbox-game-secret';
export const DEV_GAME_CREDENTIAL_KEY = 'member-wallet-development-game-credential-key';
export const DEV_OPERATOR_SECRET_KEY = 'member-wallet-development-operator-secret-key';

/** The sandbox voucher party's signing secret; a real party's comes from `VOUCHER_SECRET`. */
export const SANDBOX_VOUCHER_SECRET = 'sandbox-voucher-secret';

/**
 * What production must not run with, each named (never a secret's value): the development keys, the sandbox
 * parties (they create money and sign with secrets published here), the demo member (a public password), a
 * sandbox party's secret given to a real party, a slip link secret that differs per process, and /metrics open.
 */
export function productionProblems(config: Config, read: Reader): string[] {
  const problems: string[] = [];
  const ownKey = (name: string) => `${name} must be a key of your own in production, not the development key`;
  if (config.games.credentialKey === DEV_GAME_CREDENTIAL_KEY) problems.push(ownKey('GAME_CREDENTIAL_KEY'));
  if (config.operators.secretKey === DEV_OPERATOR_SECRET_KEY) problems.push(ownKey('OPERATOR_SECRET_KEY'));
  if (config.truemoney.linkKeys.some((key) => key.key === DEV_TRUELINK_KEY.key)) problems.push(ownKey('TRUELINK_KEY'));
  if (config.sandbox) {
    problems.push('SANDBOX must be off in production (the sandbox parties create money and sign with public secrets)');
  }
  if (config.demo) problems.push("DEMO must be off in production (the demo member's password is public)");
  if (read.raw('SLIP_URL_SECRET') === undefined) {
    problems.push('SLIP_URL_SECRET must be set in production, the same on every node (else slip links die)');
  }
  if (config.server.metricsToken === null) {
    problems.push('METRICS_TOKEN must be set in production (unset, /metrics answers anyone who reaches it)');
  }
  const sandboxSecret = (name: string) => `${name} must not be the sandbox's secret in production`;
  const defaults: [string, string | null, string][] = [
    ['SMS_API_KEY', config.sms.apiKey, SANDBOX_SMS_API_KEY],
    ['PAYOUT_SECRET', config.payout.secret, SANDBOX_PAYOUT_SECRET],
    ['BANK_FEED_SECRET', config.bankFeed.secret, SANDBOX_BANK_FEED_SECRET],
    ['VOUCHER_SECRET', config.truemoney.voucherSecret, SANDBOX_VOUCHER_SECRET],
  ];
  for (const [name, value, sandbox] of defaults) if (value === sandbox) problems.push(sandboxSecret(name));
  problems.push(...slipVerifierProductionProblems(read));
  for (const [code, secret] of config.games.providerSecrets) {
    if (secret === SANDBOX_GAME_SECRET) problems.push(sandboxSecret(`GAME_PROVIDER_SECRETS (${code})`));
  }
  for (const [code, gateway] of config.qr.gateways) {
    if (gateway.adapter === 'http' && gateway.secret === sandboxPaymentSecret(code))
      problems.push(sandboxSecret(`PAYMENT_GATEWAY_SECRETS (${code})`));
  }
  return problems;
}

/** With SANDBOX, the sandbox parties' own secrets where the operator set none. */
export function fillSandboxSecrets(config: Config): void {
  config.sms.apiKey ??= SANDBOX_SMS_API_KEY;
  config.payout.secret ??= SANDBOX_PAYOUT_SECRET;
  config.bankFeed.secret ??= SANDBOX_BANK_FEED_SECRET;
  config.truemoney.voucherSecret ??= SANDBOX_VOUCHER_SECRET;
}
