import { SlipOkVerifier } from './slipok.ts';

/** The sandbox's SlipOK (src/sandbox/slip-verifier/): mounted under this path of this server, SANDBOX only. */
export const SANDBOX_SLIPOK_MOUNT = '/sandbox/slipok';
/** Its branch id and API key, public like every sandbox secret (refused as SLIPOK_API_KEY in production). */
export const SANDBOX_SLIPOK_BRANCH_ID = '10001';
export const SANDBOX_SLIPOK_API_KEY = 'sandbox-slipok-key';

/**
 * SLIP_VERIFIER=sandbox: the SlipOK adapter itself, asked over real HTTP at this server's own address, where the
 * sandbox answers in SlipOK's wire format (docs/parties/slip-verifier.md, Sandbox).
 */
export function sandboxSlipVerifier(ownBaseUrl: () => string, timeoutMs?: number): SlipOkVerifier {
  return new SlipOkVerifier({
    baseUrl: () => `${ownBaseUrl()}${SANDBOX_SLIPOK_MOUNT}`,
    branchId: SANDBOX_SLIPOK_BRANCH_ID,
    apiKey: SANDBOX_SLIPOK_API_KEY,
    timeoutMs,
  });
}
