import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { signedHeaders } from '../../adapters/hmac-signature.ts';
import { PAYMENT_SIGNATURE_HEADERS } from '../../adapters/payments/http.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SandboxDb, SandboxPaymentQrcodesTable } from '../sandbox.tables.ts';
import { sandboxPayload } from './emvco.ts';

/**
 * SANDBOX ONLY. How a sandbox gateway behaves; changed by `PUT /sandbox/payments/{gateway}/settings`, held in
 * memory (a test and demo control). `unavailable`: every signed call answers 503; `refuse`: a creation answers
 * 422 (the gateway says no); `lostAnswer`: a creation is recorded, then answered 503; `timeout`: signed calls
 * hang (until the adapter gives up) and then answer 503. `latencyMs` delays every signed call.
 */
export const SANDBOX_PAYMENT_FAULTS = ['none', 'unavailable', 'refuse', 'lostAnswer', 'timeout'] as const;
export type SandboxPaymentFault = (typeof SANDBOX_PAYMENT_FAULTS)[number];
export interface SandboxPaymentSettings {
  latencyMs: number;
  fault: SandboxPaymentFault;
}
export const SANDBOX_PAYMENT_LATENCY_MAX_MS = 60_000;
/** How long a `timeout` fault hangs: longer than any sane adapter time-out, and cut short on close. */
const HANG_MS = 30_000;
/** Webhook delivery: attempts per delivery, the pause before the second (doubling), one attempt's time-out. */
const DELIVERY_ATTEMPTS_MAX = 4;
const DELIVERY_PAUSE_FIRST_MS = 250;
const DELIVERY_TIMEOUT_MS = 10_000;

export type SandboxQr = Selectable<SandboxPaymentQrcodesTable>;

export interface SandboxQrAnswer {
  qrcodeId: string;
  gatewayReference: string;
  payload: string;
  status: 'live' | 'paid' | 'cancelled' | 'expired';
  amountMinor: string;
  currency: string;
  expiresAt: string;
  paidAmountMinor: string | null;
  paidAt: string | null;
}

export interface SandboxCreateRequest {
  qrcodeId: string;
  amountMinor: bigint;
  currency: string;
  merchantName: string;
  expiresAt: Date;
  callbackUrl: string | null;
}

export interface SandboxPayRequest {
  qrcodeId: string;
  /** What the payer pays; the QR's amount when absent. */
  amountMinor: bigint | null;
  /** false: the webhook is lost (only a status query reveals the payment). */
  webhook: boolean;
  /** How many times the one event is sent, at once (a gateway's duplicate delivery). */
  deliveries: number;
  /** > 0: the webhook leaves this much later, and the answer does not wait for it. */
  delayMs: number;
}

/**
 * SANDBOX ONLY: the sandbox payment gateways, one per code, with their own records
 * (`sandbox_payment_qrcodes`): one QR per (gateway, qrcodeId), a real EMVCo payload, paid by the `pay` control
 * as a member's bank app would pay it, then notified by a signed webhook to the callback URL it was given,
 * retried on failure.
 */
export class SandboxPaymentGateways {
  readonly #settings = new Map<string, SandboxPaymentSettings>();
  readonly #work = new Set<Promise<unknown>>();
  readonly #closing = new AbortController();

  constructor(
    private readonly deps: {
      db: SandboxDb;
      clock: Clock;
      secretOf: (gateway: string) => string;
      logger: FastifyBaseLogger;
    },
  ) {}

  settings(gateway: string): SandboxPaymentSettings {
    return this.#settings.get(gateway) ?? { latencyMs: 0, fault: 'none' };
  }

  changeSettings(gateway: string, changes: Partial<SandboxPaymentSettings>): SandboxPaymentSettings {
    const next = { ...this.settings(gateway), ...changes };
    this.#settings.set(gateway, next);
    return next;
  }

  /** Waits as the settings say before a signed call is answered (a `timeout` fault hangs). */
  async delay(gateway: string): Promise<void> {
    const { latencyMs, fault } = this.settings(gateway);
    await this.sleep(fault === 'timeout' ? HANG_MS : latencyMs);
  }

  /**
   * Makes the QR, or answers the one made for the qrcodeId; a different QR under the same id is a conflict, and
   * an amount or currency the gateway's QR layout cannot carry (a fraction of a kip) is refused.
   */
  async create(gateway: string, request: SandboxCreateRequest): Promise<SandboxQrAnswer | 'conflict' | 'refused'> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const gatewayReference = `${gateway.slice(0, 2)}${randomBytes(9).toString('hex').toUpperCase()}`;
    const payload = sandboxPayload({ gateway, reference: gatewayReference, ...request });
    if (payload === null) return 'refused';
    const inserted = await db
      .insertInto('sandbox_payment_qrcodes')
      .values({
        gateway,
        qrcode_id: request.qrcodeId,
        gateway_reference: gatewayReference,
        amount_minor: request.amountMinor,
        currency: request.currency,
        payload,
        status: 'live',
        expires_at: request.expiresAt,
        callback_url: request.callbackUrl,
        paid_amount_minor: null,
        paid_at: null,
        payment_event_id: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['gateway', 'qrcode_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return this.answer(inserted);
    const existing = await this.find(gateway, request.qrcodeId);
    if (!existing) throw new Error(`sandbox QR ${request.qrcodeId} vanished`);
    const same = existing.amount_minor === request.amountMinor && existing.currency === request.currency;
    return same ? this.answer(existing) : 'conflict';
  }

  async state(gateway: string, qrcodeId: string): Promise<SandboxQrAnswer | undefined> {
    const row = await this.find(gateway, qrcodeId);
    return row ? this.answer(row) : undefined;
  }

  /** Cancels a live QR (a paid one stays paid; cancelling again changes nothing). */
  async cancel(gateway: string, qrcodeId: string): Promise<SandboxQrAnswer | undefined> {
    await this.deps.db
      .updateTable('sandbox_payment_qrcodes')
      .set({ status: 'cancelled', updated_at: this.deps.clock.now() })
      .where('gateway', '=', gateway)
      .where('qrcode_id', '=', qrcodeId)
      .where('status', '=', 'live')
      .execute();
    return this.state(gateway, qrcodeId);
  }

  /**
   * Pays the QR as a member's bank app would, whatever its state here but paid: a payment that raced the QR's
   * cancellation or expiry is how a late payment happens (docs/deposits/qr.md, late payment rule). Then notifies.
   */
  async pay(
    gateway: string,
    request: SandboxPayRequest,
  ): Promise<{ answer: SandboxQrAnswer; delivered: number } | 'unknown' | 'paid'> {
    const { db, clock } = this.deps;
    const row = await this.find(gateway, request.qrcodeId);
    if (!row) return 'unknown';
    const now = clock.now();
    const paid = await db
      .updateTable('sandbox_payment_qrcodes')
      .set({
        status: 'paid',
        paid_amount_minor: request.amountMinor ?? row.amount_minor,
        paid_at: now,
        payment_event_id: randomUUID(),
        updated_at: now,
      })
      .where('gateway', '=', gateway)
      .where('qrcode_id', '=', request.qrcodeId)
      .where('status', '<>', 'paid')
      .returningAll()
      .executeTakeFirst();
    if (!paid) return 'paid';
    const answer = this.answer(paid);
    if (!request.webhook) return { answer, delivered: 0 };
    const deliver = () => this.deliver(paid, request.deliveries);
    if (request.delayMs > 0) {
      this.track(this.sleep(request.delayMs).then((slept) => (slept ? deliver() : 0)));
      return { answer, delivered: 0 };
    }
    return { answer, delivered: await this.track(deliver()) };
  }

  /** Sends the payment's event again (the same event id), as a gateway retrying a delivery does. */
  async redeliver(gateway: string, qrcodeId: string): Promise<number | undefined> {
    const row = await this.find(gateway, qrcodeId);
    if (row?.status !== 'paid') return undefined;
    return this.track(this.deliver(row, 1));
  }

  async close(): Promise<void> {
    this.#closing.abort();
    await Promise.allSettled([...this.#work]);
  }

  private find(gateway: string, qrcodeId: string) {
    return this.deps.db
      .selectFrom('sandbox_payment_qrcodes')
      .selectAll()
      .where('gateway', '=', gateway)
      .where('qrcode_id', '=', qrcodeId)
      .executeTakeFirst();
  }

  private answer(row: SandboxQr): SandboxQrAnswer {
    const expired = row.status === 'live' && row.expires_at.getTime() <= this.deps.clock.now().getTime();
    return {
      qrcodeId: row.qrcode_id,
      gatewayReference: row.gateway_reference,
      payload: row.payload,
      status: expired ? 'expired' : row.status,
      amountMinor: row.amount_minor.toString(),
      currency: row.currency,
      expiresAt: row.expires_at.toISOString(),
      paidAmountMinor: row.paid_amount_minor?.toString() ?? null,
      paidAt: row.paid_at?.toISOString() ?? null,
    };
  }

  /** Sends the paid event `deliveries` times at once; answers how many were accepted. */
  private async deliver(row: SandboxQr, deliveries: number): Promise<number> {
    if (!row.callback_url || !row.payment_event_id || row.paid_amount_minor === null || !row.paid_at) return 0;
    const body = JSON.stringify({
      eventId: row.payment_event_id,
      qrcodeId: row.qrcode_id,
      gatewayReference: row.gateway_reference,
      status: 'paid',
      amountMinor: row.paid_amount_minor.toString(),
      currency: row.currency,
      paidAt: row.paid_at.toISOString(),
    });
    const url = row.callback_url;
    const sent = await Promise.all(Array.from({ length: deliveries }, () => this.send(row.gateway, url, body)));
    return sent.filter(Boolean).length;
  }

  /** One delivery, retried with a doubling pause while the receiver fails (a 5xx or no answer). */
  private async send(gateway: string, url: string, body: string): Promise<boolean> {
    for (let attempt = 1, pauseMs = DELIVERY_PAUSE_FIRST_MS; attempt <= DELIVERY_ATTEMPTS_MAX; attempt++) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signedHeaders(
              PAYMENT_SIGNATURE_HEADERS,
              this.deps.secretOf(gateway),
              this.deps.clock.now().getTime(),
              body,
            ),
          },
          body,
          signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        });
        if (response.ok) return true;
        this.deps.logger.warn({ status: response.status, url, attempt }, 'sandbox payment webhook refused');
        // A 4xx is a final answer (a bad signature will not get better); a 5xx is tried again.
        if (response.status < 500) return false;
      } catch (error) {
        this.deps.logger.warn({ err: error, url, attempt }, 'sandbox payment webhook not delivered');
      }
      if (attempt < DELIVERY_ATTEMPTS_MAX && !(await this.sleep(pauseMs))) return false;
      pauseMs *= 2;
    }
    return false;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.#work.add(work);
    work.finally(() => this.#work.delete(work)).catch(() => undefined);
    return work;
  }

  /** Sleeps, cut short when the app closes; false when it was cut short. */
  private sleep(ms: number): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(true);
    const signal = this.#closing.signal;
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', stop);
        resolve(true);
      }, ms);
      const stop = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener('abort', stop, { once: true });
    });
  }
}
