import { z } from 'zod/mini';

/**
 * The sandbox label (docs/parties/README.md, The sandbox label; decision 0021). An answer a member can see that a
 * sandbox party made carries `sandbox: true`: a QR of a sandbox gateway, a slip the sandbox verifier answered, a
 * gift link the sandbox voucher party redeemed, a sandbox game provider's account, slot and launch link. A real
 * party's answer has no `sandbox` key at all: the server never sends `false`, so production answers are what they
 * were before the label existed. A client reads a missing key as "not the sandbox".
 */
export const sandboxLabel = z.optional(z.boolean());
