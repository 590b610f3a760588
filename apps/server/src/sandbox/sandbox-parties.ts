import type { SandboxBankFeedParty } from './bank-feed/bank-feed.party.ts';
import type { FaultBoard } from './games/faults.ts';
import type { SandboxPaymentGateways } from './payments/payments.party.ts';
import type { SandboxPayoutParty } from './payout.party.ts';
import type { SandboxDb } from './sandbox.tables.ts';
import type { SandboxSlipVerifierParty } from './slip-verifier/slip-verifier.party.ts';
import type { SandboxVoucherParty } from './voucher/voucher.party.ts';

/**
 * SANDBOX ONLY. The sandbox parties mounted, so the back-office's sandbox controls drive the very instances that
 * answer (some hold their faults in memory). A party the configuration left out (no secret) is absent.
 */
export interface SandboxParties {
  /** The game provider's faults (always mounted with the sandbox). */
  gameFaults?: FaultBoard;
  payments?: SandboxPaymentGateways;
  bankFeed?: SandboxBankFeedParty;
  voucher?: SandboxVoucherParty;
  slipVerifier?: SandboxSlipVerifierParty;
  payout?: SandboxPayoutParty;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** With SANDBOX on: the parties, for tests. */
    sandboxParties: SandboxParties;
    /** With SANDBOX on: the database seen with the sandbox's own tables, for tests. */
    sandboxDb: SandboxDb;
  }
}
