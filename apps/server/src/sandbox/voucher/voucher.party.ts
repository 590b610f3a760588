import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import type { SandboxDb } from '../sandbox.tables.ts';

/** SANDBOX ONLY: a stand-in for TrueMoney's voucher service, for demos and tests (docs/parties/voucher.md). */

export const SANDBOX_VOUCHER_FAULTS = ['none', 'unavailable', 'lostAnswer'] as const;
export type SandboxVoucherFault = (typeof SANDBOX_VOUCHER_FAULTS)[number];

export type SandboxRedeemAnswer =
  | { status: 'redeemed'; amountMinor: string; currency: 'BAHT'; redemptionId: string }
  | { status: 'already_redeemed' }
  | { status: 'invalid' };

export function sandboxGiftLink(code: string): string {
  return `https://gift.truemoney.com/campaign/?v=${code}`;
}

export class SandboxVoucherParty {
  /**
   * The fault the party plays: kept in memory (a demo and test control, not money), so a restart heals it.
   * `lostAnswer` redeems and then answers 503, as if the answer were lost on its way back.
   */
  fault: SandboxVoucherFault = 'none';

  constructor(private readonly deps: { db: SandboxDb; clock: Clock }) {}

  async create(amountMinor: bigint): Promise<string> {
    const code = randomBytes(16).toString('hex');
    await this.deps.db
      .insertInto('sandbox_vouchers')
      .values({ code, amount_minor: amountMinor, status: 'available', created_at: this.deps.clock.now() })
      .execute();
    return code;
  }

  async check(code: string) {
    const row = await this.deps.db
      .selectFrom('sandbox_vouchers')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) return { status: 'invalid' as const };
    if (row.status === 'redeemed') return { status: 'redeemed' as const };
    return { status: 'available' as const, amountMinor: row.amount_minor.toString(), currency: 'BAHT' };
  }

  /** Redeems once; the same reference again answers the same redemption, any other reference `already_redeemed`. */
  redeem(code: string, reference: string): Promise<SandboxRedeemAnswer> {
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('sandbox_vouchers')
        .selectAll()
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { status: 'invalid' };
      if (row.status === 'redeemed' && row.redeemed_reference !== reference) return { status: 'already_redeemed' };
      if (row.status === 'available') {
        await trx
          .updateTable('sandbox_vouchers')
          .set({ status: 'redeemed', redeemed_reference: reference, redeemed_at: this.deps.clock.now() })
          .where('code', '=', code)
          .execute();
      }
      return redeemed(row.code, row.amount_minor);
    });
  }

  async redemption(reference: string): Promise<SandboxRedeemAnswer | null> {
    const row = await this.deps.db
      .selectFrom('sandbox_vouchers')
      .selectAll()
      .where('redeemed_reference', '=', reference)
      .executeTakeFirst();
    return row ? redeemed(row.code, row.amount_minor) : null;
  }
}

function redeemed(code: string, amountMinor: bigint): SandboxRedeemAnswer {
  return {
    status: 'redeemed',
    amountMinor: amountMinor.toString(),
    currency: 'BAHT',
    redemptionId: `SBV-${code.slice(0, 12)}`,
  };
}
