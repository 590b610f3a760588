import { EASYSLIP_DEFAULT_BASE_URL } from './adapters/slip-verifier/easyslip.wire.ts';
import { SANDBOX_SLIPOK_API_KEY } from './adapters/slip-verifier/sandbox.ts';
import { SLIPOK_DEFAULT_BASE_URL } from './adapters/slip-verifier/slipok.wire.ts';
import type { Reader } from './config.read.ts';

export const SLIP_VERIFIERS = ['sandbox', 'slipok', 'easyslip'] as const;

/**
 * The slip verifier the server asks (docs/parties/slip-verifier.md): the sandbox's SlipOK, SlipOK or EasySlip
 * with their keys, or none (every slip is then UNKNOW_ERROR, with a warning at start).
 */
export type SlipVerifierConfig =
  | { vendor: 'sandbox' }
  | { vendor: 'slipok'; baseUrl: string; branchId: string; apiKey: string }
  | { vendor: 'easyslip'; baseUrl: string; apiKey: string }
  | { vendor: null };

/** Variables a vendor needs, by vendor: missing ones are named at start (never their values). */
const NEEDS = { slipok: ['SLIPOK_BRANCH_ID', 'SLIPOK_API_KEY'], easyslip: ['EASYSLIP_API_KEY'] } as const;

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * `SLIP_VERIFIER` (sandbox, slipok, easyslip; unset: the sandbox with SANDBOX on, else none) and the chosen
 * vendor's variables: `SLIPOK_BASE_URL`, `SLIPOK_BRANCH_ID`, `SLIPOK_API_KEY`; `EASYSLIP_BASE_URL`,
 * `EASYSLIP_API_KEY`. A vendor's keys are read only when it is chosen.
 */
export function readSlipVerifier(read: Reader, sandbox: boolean): SlipVerifierConfig {
  const chosen =
    read.raw('SLIP_VERIFIER') === undefined ? null : read.oneOf('SLIP_VERIFIER', SLIP_VERIFIERS, 'sandbox');
  const slipokUrl = read.url('SLIPOK_BASE_URL', ['http:', 'https:']) ?? SLIPOK_DEFAULT_BASE_URL;
  const easyslipUrl = read.url('EASYSLIP_BASE_URL', ['http:', 'https:']) ?? EASYSLIP_DEFAULT_BASE_URL;
  const vendor = chosen ?? (sandbox ? 'sandbox' : null);
  if (vendor === null) return { vendor: null };
  if (vendor === 'sandbox') {
    if (!sandbox) read.problems.push('SLIP_VERIFIER=sandbox needs SANDBOX on (the sandbox SlipOK is part of it)');
    return { vendor: 'sandbox' };
  }
  const missing = NEEDS[vendor].filter((name) => read.raw(name) === undefined);
  if (missing.length > 0) {
    const page = `docs/parties/${vendor}.md`;
    read.problems.push(`SLIP_VERIFIER=${vendor} needs ${missing.join(' and ')} (from the vendor, ${page})`);
    return { vendor: null };
  }
  if (vendor === 'slipok') {
    return {
      vendor,
      baseUrl: withoutTrailingSlash(slipokUrl),
      branchId: read.raw('SLIPOK_BRANCH_ID') ?? '',
      apiKey: read.raw('SLIPOK_API_KEY') ?? '',
    };
  }
  return { vendor, baseUrl: withoutTrailingSlash(easyslipUrl), apiKey: read.raw('EASYSLIP_API_KEY') ?? '' };
}

/** Production refuses the sandbox SlipOK's public key given as a real one. */
export function slipVerifierProductionProblems(read: Reader): string[] {
  return read.raw('SLIPOK_API_KEY') === SANDBOX_SLIPOK_API_KEY
    ? ["SLIPOK_API_KEY must not be the sandbox's secret in production"]
    : [];
}
