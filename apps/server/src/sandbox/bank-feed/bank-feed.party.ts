import { randomBytes } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';
import { maskAccount } from '../mask.ts';
import type { SandboxSettingsStore } from '../ports.ts';
import type { SandboxDb } from '../sandbox.tables.ts';

/** SANDBOX ONLY. The operator account the sandbox feed credits when an injected transfer names none. */
export const SANDBOX_OPERATOR_ACCOUNT_NO = '9990001234';
export const SANDBOX_BANK_FEED_FAULTS = ['none', 'unavailable'] as const;
export type SandboxBankFeedFault = (typeof SANDBOX_BANK_FEED_FAULTS)[number];
export const SANDBOX_BANK_FEED_PAGE_SIZE_MAX = 500;
const SETTINGS_KEY = 'sandboxBankFeed';

export interface SandboxTransferInput {
  reference: string | undefined;
  operatorAccountNo: string | undefined;
  senderBankCode: string;
  senderAccountNo: string;
  /** The sender's name as their bank holds it, when the demo or test gives one (the sandbox SlipOK shows it). */
  senderAccountName?: string;
  amountMinor: bigint;
  currency: string;
  transferredAt: Date | undefined;
}

export interface SandboxFeedTransfer {
  reference: string;
  operatorAccountNo: string;
  senderBankCode: string;
  senderAccountNo: string;
  /** A decimal string of minor units, as a real feed would send it: no float carries money. */
  amountMinor: string;
  currency: string;
  transferredAt: string;
}

/**
 * SANDBOX ONLY: a fake bank feed for demos and tests (docs/parties/bank-feed.md). It keeps its own records
 * (`sandbox_bank_transfers`), numbered in arrival order; the feed's cursor is the last number read. Injecting a
 * reference again adds a second line with it: the re-delivery a real feed can make, which the matcher ignores.
 */
export class SandboxBankFeedParty {
  constructor(private readonly deps: { db: SandboxDb; clock: Clock; settings: SandboxSettingsStore }) {}

  async fault(): Promise<SandboxBankFeedFault> {
    const stored = (await this.deps.settings.global(SETTINGS_KEY)) as { fault?: SandboxBankFeedFault } | undefined;
    return stored?.fault ?? 'none';
  }

  async setFault(fault: SandboxBankFeedFault): Promise<{ fault: SandboxBankFeedFault }> {
    await this.deps.settings.setGlobal(SETTINGS_KEY, { fault });
    return { fault };
  }

  /** A transfer arrives; `db` a transaction of the caller's (the back-office audits it in the same one). */
  async inject(input: SandboxTransferInput, db: SandboxDb = this.deps.db): Promise<{ reference: string }> {
    const now = this.deps.clock.now();
    const reference = input.reference ?? `SBT${now.getTime()}${randomBytes(4).toString('hex').toUpperCase()}`;
    await db
      .insertInto('sandbox_bank_transfers')
      .values({
        reference,
        operator_account_no: input.operatorAccountNo ?? SANDBOX_OPERATOR_ACCOUNT_NO,
        sender_bank_code: input.senderBankCode,
        sender_account_no: input.senderAccountNo,
        sender_account_name: input.senderAccountName ?? null,
        amount_minor: input.amountMinor,
        currency: input.currency,
        transferred_at: input.transferredAt ?? now,
        created_at: now,
      })
      .execute();
    return { reference };
  }

  /**
   * The lines after `after` (a line number), oldest first; the cursor stays put when nothing new arrived. Lines
   * to an operator account of mode MANUAL are not reported: such an account has no feed, its transfers are
   * proved by slips (docs/deposits/slips.md), so a demo's slip is never raced by the matcher.
   */
  async page(after: bigint, limit: number): Promise<{ transfers: SandboxFeedTransfer[]; nextCursor: string }> {
    const rows = await this.deps.db
      .selectFrom('sandbox_bank_transfers')
      .selectAll()
      .where('id', '>', after)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('deposit_channels')
              .select('id')
              .where('mode', '=', 'MANUAL')
              .whereRef('deposit_channels.account_no', '=', 'sandbox_bank_transfers.operator_account_no'),
          ),
        ),
      )
      .orderBy('id')
      .limit(Math.min(limit, SANDBOX_BANK_FEED_PAGE_SIZE_MAX))
      .execute();
    const last = rows.at(-1)?.id ?? after;
    return {
      transfers: rows.map((row) => ({
        reference: row.reference,
        operatorAccountNo: row.operator_account_no,
        senderBankCode: row.sender_bank_code,
        // Masked, as a real bank's statement shows the sender.
        senderAccountNo: maskAccount(row.sender_account_no),
        amountMinor: row.amount_minor.toString(),
        currency: row.currency,
        transferredAt: row.transferred_at.toISOString(),
      })),
      nextCursor: last.toString(),
    };
  }
}
