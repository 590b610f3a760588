import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { signedHeaders } from '../adapters/hmac-signature.ts';
import { PAYOUT_SIGNATURE_HEADERS } from '../adapters/payout/http.ts';
import type { Clock } from '../lib/clock.ts';
import type { SandboxSettingsStore } from './ports.ts';
import type { SandboxDb } from './sandbox.tables.ts';

/** How the sandbox payout party behaves; set by configuration, changed by `PUT /sandbox/payout/settings`. */
export interface SandboxPayoutSettings {
  /** Time from accepting a payout to its outcome. */
  delayMs: number;
  /** Share of payouts that fail, 0 to 1, decided by a hash of the reference: the same reference, the same fate. */
  failRate: number;
  failReason: string;
  /** Whether outcomes are notified by webhook; off, only a status query reveals them (the settler's path). */
  webhooks: boolean;
  /**
   * `unavailable`: every call answers 503 and nothing is recorded. `lostAnswer`: a payout request is recorded,
   * then answered 503, as when the answer is lost on the way back. Status queries work in both.
   */
  fault: SandboxPayoutFault;
}

export const SANDBOX_PAYOUT_FAULTS = ['none', 'unavailable', 'lostAnswer'] as const;
export type SandboxPayoutFault = (typeof SANDBOX_PAYOUT_FAULTS)[number];

export const SANDBOX_PAYOUT_DELAY_MAX_MS = 86_400_000;
const SETTINGS_KEY = 'sandboxPayout';

export interface PayoutAcceptRequest {
  reference: string;
  amountMinor: bigint;
  currency: string;
  bankCode: string;
  accountNo: string;
  accountName: string;
  callbackUrl: string | null;
}

export interface SandboxPayoutAnswer {
  reference: string;
  payoutId: string;
  status: 'pending' | 'paid' | 'failed';
  reason: string | null;
}

/** A number in [0, 1) from the reference, so a fail rate picks the same payouts in every run. */
function fraction(reference: string): number {
  return createHash('sha256').update(reference).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * The sandbox payout party: its own records (`sandbox_payouts`), one payment per reference, paid or failed once
 * its delay has passed (a timer while the process runs, or the first status query after it), then notified by
 * a signed webhook to the callback URL it was given. A lost webhook is never retried: the caller polls.
 */
export class SandboxPayoutParty {
  readonly #timers = new Set<NodeJS.Timeout>();
  /** Outcomes being applied and notified by a timer, awaited on close so none outlives the database. */
  readonly #work = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      db: SandboxDb;
      clock: Clock;
      settings: SandboxSettingsStore;
      defaults: SandboxPayoutSettings;
      secret: string;
      logger: FastifyBaseLogger;
    },
  ) {}

  async currentSettings(): Promise<SandboxPayoutSettings> {
    const stored = (await this.deps.settings.global(SETTINGS_KEY)) as Partial<SandboxPayoutSettings> | undefined;
    return { ...this.deps.defaults, ...stored };
  }

  async changeSettings(changes: Partial<SandboxPayoutSettings>): Promise<SandboxPayoutSettings> {
    const next = { ...(await this.currentSettings()), ...changes };
    await this.deps.settings.setGlobal(SETTINGS_KEY, next);
    return next;
  }

  /** Accepts a payout, or answers the existing one for the reference; a different payment under it is refused. */
  async accept(request: PayoutAcceptRequest): Promise<SandboxPayoutAnswer | 'conflict'> {
    const { db, clock } = this.deps;
    const settings = await this.currentSettings();
    const now = clock.now();
    const failed = fraction(request.reference) < settings.failRate;
    const inserted = await db
      .insertInto('sandbox_payouts')
      .values({
        reference: request.reference,
        payout_id: `SBP-${randomUUID()}`,
        amount_minor: request.amountMinor,
        currency: request.currency,
        bank_code: request.bankCode,
        account_no: request.accountNo,
        account_name: request.accountName,
        callback_url: request.callbackUrl,
        status: 'pending',
        outcome: failed ? 'failed' : 'paid',
        failure_reason: failed ? settings.failReason : null,
        settle_at: new Date(now.getTime() + settings.delayMs),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      this.schedule(request.reference, settings.delayMs);
      return answerOf(inserted);
    }
    const existing = await this.find(request.reference);
    if (!existing) throw new Error(`sandbox payout ${request.reference} vanished`);
    const same =
      existing.amount_minor === request.amountMinor &&
      existing.currency === request.currency &&
      existing.bank_code === request.bankCode &&
      existing.account_no === request.accountNo;
    return same ? this.state(request.reference).then((answer) => answer ?? 'conflict') : 'conflict';
  }

  /** The payout's state, applying its outcome if its time has come (after a restart, no timer is left). */
  async state(reference: string): Promise<SandboxPayoutAnswer | undefined> {
    const row = await this.find(reference);
    if (!row) return undefined;
    if (row.status === 'pending' && row.settle_at.getTime() <= this.deps.clock.now().getTime()) {
      return (await this.applyOutcome(reference)) ?? answerOf((await this.find(reference)) ?? row);
    }
    return answerOf(row);
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await Promise.allSettled([...this.#work]);
  }

  private find(reference: string) {
    return this.deps.db.selectFrom('sandbox_payouts').selectAll().where('reference', '=', reference).executeTakeFirst();
  }

  private schedule(reference: string, delayMs: number): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      const work = this.applyOutcome(reference).then(
        () => undefined,
        (error) => this.deps.logger.warn({ err: error, reference }, 'sandbox payout could not settle'),
      );
      this.#work.add(work);
      work.finally(() => this.#work.delete(work));
    }, delayMs);
    this.#timers.add(timer);
  }

  /** Pending -> its outcome, once (a conditional update); notifies the caller when this call made the change. */
  private async applyOutcome(reference: string): Promise<SandboxPayoutAnswer | undefined> {
    const row = await this.deps.db
      .updateTable('sandbox_payouts')
      .set((eb) => ({ status: eb.ref('outcome'), updated_at: this.deps.clock.now() }))
      .where('reference', '=', reference)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const answer = answerOf(row);
    if (row.callback_url && (await this.currentSettings()).webhooks) await this.notify(row.callback_url, answer);
    return answer;
  }

  private async notify(url: string, answer: SandboxPayoutAnswer): Promise<void> {
    const body = JSON.stringify({ eventId: randomUUID(), ...answer });
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...signedHeaders(PAYOUT_SIGNATURE_HEADERS, this.deps.secret, this.deps.clock.now().getTime(), body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) this.deps.logger.warn({ status: response.status, url }, 'sandbox payout webhook refused');
    } catch (error) {
      this.deps.logger.warn({ err: error, url }, 'sandbox payout webhook not delivered');
    }
  }
}

function answerOf(row: {
  reference: string;
  payout_id: string;
  status: 'pending' | 'paid' | 'failed';
  failure_reason: string | null;
}): SandboxPayoutAnswer {
  return {
    reference: row.reference,
    payoutId: row.payout_id,
    status: row.status,
    reason: row.status === 'failed' ? row.failure_reason : null,
  };
}
