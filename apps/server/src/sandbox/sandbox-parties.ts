import type { FastifyInstance } from 'fastify';
import type { SandboxBankFeedParty } from './bank-feed/bank-feed.party.ts';
import type { SandboxPaymentGateways } from './payments/payments.party.ts';
import type { SandboxPayoutParty } from './payout.party.ts';
import type { SandboxSlipVerifierParty } from './slip-verifier/slip-verifier.party.ts';
import type { SandboxVoucherParty } from './voucher/voucher.party.ts';

/**
 * SANDBOX ONLY. The sandbox parties the server mounted, as their modules made them, so the back-office's
 * sandbox controls drive the very instances that answer (some hold their faults in memory). A party the
 * configuration left out (no secret) is absent.
 */
export interface SandboxParties {
  payments?: SandboxPaymentGateways;
  bankFeed?: SandboxBankFeedParty;
  voucher?: SandboxVoucherParty;
  slipVerifier?: SandboxSlipVerifierParty;
  payout?: SandboxPayoutParty;
}

declare module 'fastify' {
  interface FastifyInstance {
    sandboxParties: SandboxParties;
  }
}

/** Called by each module that mounts a sandbox party. */
export function recordSandboxParty<Name extends keyof SandboxParties>(
  app: FastifyInstance,
  name: Name,
  party: NonNullable<SandboxParties[Name]>,
): void {
  if (!app.hasDecorator('sandboxParties')) app.decorate('sandboxParties', {});
  app.sandboxParties[name] = party;
}
