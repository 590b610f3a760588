import { randomBytes } from 'node:crypto';
import { QR_GATEWAYS, type QrcodeResponse } from '@member-wallet/contract/deposit';
import { toMajor } from '@member-wallet/contract/money';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import {
  type PaymentGateway,
  PaymentGatewayRefusedError,
  PaymentGatewayUnavailableError,
  type QrState,
} from '../../adapters/payments/payment-gateway.ts';
import type { Member } from '../../core/account/account.repository.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import { heldReasonOf, refusalError } from '../../core/safer-play/safer-play.gate.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { sandboxLabel } from '../../lib/sandbox-label.ts';
import type { BankFeedRepository, DepositHold } from '../bank-feed/bank-feed.module.ts';
import { recordHeldPayment } from '../bank-feed/bank-feed.module.ts';
import type { DepositChannel, DepositChannelsRepository } from '../deposit-channels/deposit-channels.module.ts';
import type { QrCode, QrRepository } from './qr.repository.ts';
import { confirmNotice } from './qr-notice.ts';
import { checkQrPayload, type QrPayloadProblem } from './qr-payload.ts';

/** The settler asks about a QR first this long after it was made, then after doubling pauses up to the cap. */
const CHECK_FIRST_MS = MINUTE_MS;
const CHECK_PAUSE_MAX_MS = 30 * MINUTE_MS;
/** After its expiry plus this, a QR is no longer asked about (a webhook still credits it). */
const CHECK_WINDOW_MS = 6 * HOUR_MS;
/** A QR still `creating` this long after it was made lost its request (a crash): it is marked failed. */
const CREATE_LEASE_MS = 2 * MINUTE_MS;
const WEBHOOK_EVENTS_KEPT_MS = 7 * 24 * HOUR_MS;
export const SETTLE_BATCH_MAX = 50;
const EXPIRE_BATCH_MAX = 500;

export interface QrPaymentServiceDeps {
  db: Db;
  ledger: LedgerService;
  repository: QrRepository;
  channels: DepositChannelsRepository;
  members: { findById(id: bigint): Promise<Member | undefined> };
  gateways: ReadonlyMap<string, PaymentGateway>;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** How long a new QR can be paid: the operator's setting, read for each QR (docs/backoffice/settings.md). */
  expiryMinutes: () => Promise<number>;
  /** The member's own deposit limit and block (docs/safer-play.md): a QR past them is never made. */
  saferPlay: DepositHold;
  /** Where a payment held for them waits for an operator: the suspense queue's rows. */
  transfers: BankFeedRepository;
}

/** A payment the gateway reports, by webhook or when asked. */
export interface QrPayment {
  gatewayReference: string;
  amountMinor: bigint;
  currency: string;
  paidAt: Date;
}

/** A payment the gateway reports in another currency than the QR's: never credited, an operator's case. */
export class QrPaymentMismatchError extends Error {
  override name = 'QrPaymentMismatchError';
}

const noData = () => new AppError('NO_DATA');

function suspenseKey(currency: string) {
  return { kind: 'suspense', memberId: null, providerCode: null, currency } as const;
}

function noQrcode(message: 'NO_DATA' | 'QR_FAIL'): QrcodeResponse {
  return { qrcodeId: '', hasQrcode: false, qrcode: '', amount: 0, expireIn: 0, message };
}

/**
 * QR payments (docs/deposits/qr.md): a member's QR at a gateway (one live QR per member, single use,
 * expiring after the server's minutes), its cancellation, the gateway's payment notification credited exactly
 * once per QR (late payments included), and the settler that asks about QRs whose notification never came.
 */
export class QrPaymentService {
  constructor(private readonly deps: QrPaymentServiceDeps) {}

  /** `GET /api/qrcode/{gateway}`: the member's live QR there, or none (`NO_DATA`). */
  async current(memberId: bigint, gateway: string): Promise<QrcodeResponse> {
    await this.channelOf(memberId, gateway);
    const row = await this.deps.repository.findLive(this.deps.db, memberId, gateway, this.deps.clock.now());
    return row ? this.response(row) : noQrcode('NO_DATA');
  }

  /**
   * `POST /api/qrcode/{gateway}`: a new QR at the gateway. The member's other live QRs (at every gateway) are
   * cancelled once it exists. A gateway that refuses or does not answer: `QR_FAIL`, and nothing new is live.
   */
  async create(memberId: bigint, gateway: string, amountMinor: bigint): Promise<QrcodeResponse> {
    const { db, repository, clock } = this.deps;
    const { member, channel } = await this.channelOf(memberId, gateway);
    if (amountMinor <= 0n || amountMinor < channel.min_amount_minor) {
      throw new AppError('KEY_INVALID', { amount: 'KEY_INVALID' });
    }
    // Refused before any money moves; the one live QR a member has is replaced by this one, so it is not counted.
    const refusal = await this.deps.saferPlay.deposit(db, member.id, amountMinor);
    if (refusal) throw refusalError(refusal);
    const expiryMinutes = await this.deps.expiryMinutes();
    const now = clock.now();
    const row = await repository.insert(db, {
      qrcode_id: randomBytes(16).toString('base64url'),
      member_id: member.id,
      gateway,
      channel_id: channel.id,
      amount_minor: amountMinor,
      currency: member.currency,
      payload: null,
      gateway_reference: null,
      status: 'creating',
      expires_at: new Date(now.getTime() + expiryMinutes * MINUTE_MS),
      next_check_at: new Date(now.getTime() + CHECK_FIRST_MS),
      created_at: now,
      updated_at: now,
    });
    const adapter = this.gatewayOf(gateway);
    let created: { gatewayReference: string; payload: string };
    try {
      created = await adapter.createQr({
        qrcodeId: row.qrcode_id,
        amountMinor,
        currency: member.currency,
        merchantName: channel.account_name,
        expiresAt: row.expires_at,
      });
    } catch (error) {
      if (!(error instanceof PaymentGatewayUnavailableError || error instanceof PaymentGatewayRefusedError))
        throw error;
      await this.failCreation(row, adapter, error);
      return noQrcode('QR_FAIL');
    }
    const problem = checkQrPayload(created.payload, { amountMinor, currency: member.currency });
    if (problem) {
      await this.refusePayload(row, adapter, problem, created.gatewayReference);
      return noQrcode('QR_FAIL');
    }
    const { live, ended } = await transactionWithRetry(db, async (trx) => {
      await repository.lockMember(trx, member.id);
      const locked = await repository.lock(trx, row.qrcode_id);
      if (locked?.status !== 'creating') return { live: locked, ended: [] };
      const ended = await repository.endLiveOf(trx, member.id, row.id, clock.now());
      return { live: await repository.markLive(trx, row.id, created, clock.now()), ended };
    });
    await Promise.all(ended.filter((qr) => qr.status === 'cancelled').map((qr) => this.cancelAtGateway(qr)));
    return live?.status === 'live' ? this.response(live) : noQrcode('QR_FAIL');
  }

  /** `DELETE /api/qrcode/{gateway}/{qrcodeId}`: the member's own QR is cancelled; again changes nothing. */
  async cancel(memberId: bigint, gateway: string, qrcodeId: string): Promise<{ message: string }> {
    const { db, repository, clock } = this.deps;
    const row = await repository.findByQrcodeId(db, qrcodeId);
    // Another member's QR answers as an unknown one: its existence is not revealed.
    if (!row || row.member_id !== memberId || row.gateway !== gateway) throw noData();
    const cancelled = await transactionWithRetry(db, async (trx) => {
      const locked = await repository.lock(trx, qrcodeId);
      if (locked?.status !== 'live') return null;
      const expired = locked.expires_at.getTime() <= clock.now().getTime();
      return repository.setStatus(trx, locked.id, expired ? 'expired' : 'cancelled', clock.now());
    });
    if (cancelled?.status === 'cancelled') await this.cancelAtGateway(cancelled);
    return { message: 'SUCCESS' };
  }

  /**
   * A gateway's signed notification that a QR was paid. A replayed event id moves nothing; an unknown QR is
   * `unknown` (404 to the gateway). The QR is credited once whatever its state (late payment rule).
   */
  async notified(gateway: string, event: { eventId: string; qrcodeId: string } & QrPayment) {
    const { db, repository, clock, logger } = this.deps;
    if (await repository.webhookEventSeen(db, gateway, event.eventId)) return 'replayed' as const;
    const row = await repository.findByQrcodeId(db, event.qrcodeId);
    if (!row || row.gateway !== gateway) {
      logger.warn({ gateway, qrcode: event.qrcodeId, eventId: event.eventId }, 'payment webhook for an unknown QR');
      return 'unknown' as const;
    }
    await this.credit(row, event, 'webhook');
    // Recorded after it was applied: a failure in between lets the gateway's retry through, and crediting is
    // once per QR anyway.
    await repository.recordWebhookEvent(db, gateway, event.eventId, clock.now());
    return 'credited' as const;
  }

  /** A vendor's own notification (KBank's, docs/parties/kbank-qr.md): confirmed by `confirmNotice`, then credited. */
  async vendorNotified(gateway: string, body: unknown) {
    const adapter = this.deps.gateways.get(gateway);
    if (!adapter?.readNotification) return { outcome: 'no vendor adapter' } as const;
    const { db, repository, clock } = this.deps;
    const notice = await confirmNotice({ db, repository, now: clock.now() }, gateway, adapter.readNotification(body));
    if (notice.outcome !== 'paid') return notice;
    const { eventId, qrcodeId, payment } = notice;
    return { outcome: await this.notified(gateway, { eventId, qrcodeId, ...payment }) };
  }

  /**
   * Credits a paid QR exactly once: the row is locked, a paid row is left alone, and the ledger key
   * `qr:<gateway>:<qrcodeId>` replays on a re-run. What was paid is credited, even when it is not the QR's
   * amount, and even when the QR had been cancelled or had expired (docs/deposits/qr.md, late payment rule).
   */
  async credit(row: QrCode, payment: QrPayment, via: 'webhook' | 'settler'): Promise<boolean> {
    const { db, ledger, repository, clock, logger } = this.deps;
    if (payment.currency !== row.currency) {
      logger.error({ qrcode: row.qrcode_id, currency: payment.currency }, 'QR paid in another currency; not credited');
      throw new QrPaymentMismatchError(`QR ${row.qrcode_id} paid in ${payment.currency}, not ${row.currency}`);
    }
    // Named before the transaction: on PGlite's single connection nothing may run beside it.
    const { wallet, clearing } = await ledger.depositAccounts(db, row.member_id, row.currency);
    const suspense = await ledger.accountId(db, suspenseKey(row.currency));
    const before = await transactionWithRetry(db, async (trx) => {
      const locked = await repository.lock(trx, row.qrcode_id);
      if (!locked) throw new Error(`QR ${row.qrcode_id} vanished`);
      if (locked.status === 'paid') return null;
      // Paid past the member's limit or during their block (docs/safer-play.md): held in suspense, never credited.
      const held = await this.deps.saferPlay.deposit(trx, locked.member_id, payment.amountMinor);
      const posted = await ledger.postDeposit(trx, {
        memberId: held ? null : locked.member_id,
        idempotencyKey: `qr:${locked.gateway}:${locked.qrcode_id}`,
        reference: { source: locked.gateway, qrcode: locked.qrcode_id, gatewayReference: payment.gatewayReference },
        ...(held ? { metadata: { heldFor: String(locked.member_id), unmatched: heldReasonOf(held) } } : {}),
        from: clearing.id,
        to: held ? suspense : wallet.id,
        amountMinor: payment.amountMinor,
      });
      if (held) {
        logger.warn({ qrcode: locked.qrcode_id, held: held.code }, 'QR payment held in suspense (safer play)');
        await recordHeldPayment(
          trx,
          this.deps.transfers,
          {
            channel: locked.gateway,
            reference: payment.gatewayReference,
            payer: payment.gatewayReference,
            recordedBy: 'qr',
            memberId: locked.member_id,
            reason: heldReasonOf(held),
            amountMinor: payment.amountMinor,
            currency: locked.currency,
            paidAt: payment.paidAt,
            entryId: posted.entry.id,
          },
          clock.now(),
        );
      }
      await repository.markPaid(trx, locked.id, {
        amountMinor: payment.amountMinor,
        entryId: posted.entry.id,
        paidAt: payment.paidAt,
        gatewayReference: payment.gatewayReference,
        now: clock.now(),
      });
      return locked;
    });
    if (!before) return false;
    const context = { qrcode: row.qrcode_id, gateway: row.gateway, via };
    if (before.status !== 'live' || before.expires_at.getTime() <= payment.paidAt.getTime()) {
      logger.warn({ ...context, status: before.status }, 'late payment of a QR no longer live; credited');
    }
    if (payment.amountMinor !== before.amount_minor) {
      logger.warn(
        { ...context, amountMinor: String(before.amount_minor), paidMinor: String(payment.amountMinor) },
        'QR paid with another amount than asked; what was paid is credited',
      );
    }
    logger.info(context, 'QR payment credited');
    return true;
  }

  /**
   * The settler's pass: live QRs past their expiry become expired; QRs whose check is due are asked about at
   * their gateway (a webhook may be lost): paid ones are credited, the rest asked again later, within a window.
   */
  async settle(limit = SETTLE_BATCH_MAX): Promise<{ expired: number; checked: number; credited: number }> {
    const { db, repository, clock } = this.deps;
    const now = clock.now();
    const expired = await repository.expireDue(db, now, EXPIRE_BATCH_MAX);
    await repository.deleteWebhookEventsBefore(db, new Date(now.getTime() - WEBHOOK_EVENTS_KEPT_MS));
    const due = await repository.listCheckDue(db, now, limit);
    let credited = 0;
    for (const row of due) {
      if (await this.check(row)) credited += 1;
    }
    return { expired, checked: due.length, credited };
  }

  private async check(row: QrCode): Promise<boolean> {
    const { logger } = this.deps;
    const adapter = this.gatewayOf(row.gateway);
    try {
      const state = await adapter.status(row.qrcode_id);
      if (state.status === 'paid') {
        return await this.credit(row, { ...state, amountMinor: state.paidAmountMinor }, 'settler');
      }
      await this.afterUnpaidCheck(row, adapter, state);
    } catch (error) {
      if (!(error instanceof PaymentGatewayUnavailableError)) {
        logger.error({ err: error, qrcode: row.qrcode_id }, 'QR could not be settled');
      }
      await this.postpone(row);
    }
    return false;
  }

  private async afterUnpaidCheck(row: QrCode, adapter: PaymentGateway, state: QrState): Promise<void> {
    const { db, repository, clock } = this.deps;
    const now = clock.now();
    const neverMade = row.status === 'creating' || row.status === 'failed';
    if (state.status === 'not_found' && neverMade) {
      // The gateway never made it: nothing can be paid.
      if (row.status === 'creating') await repository.setStatus(db, row.id, 'failed', now);
      await repository.scheduleCheck(db, row.id, null, now);
      return;
    }
    if (row.status === 'creating' && row.created_at.getTime() + CREATE_LEASE_MS <= now.getTime()) {
      // Its request died before the member saw it: it is no QR of the member's; the gateway is told.
      await repository.setStatus(db, row.id, 'failed', now);
      if (state.status === 'live') await this.cancelAtGateway(row, adapter);
    } else if ((row.status === 'cancelled' || row.status === 'failed') && state.status === 'live') {
      // Our cancellation did not reach the gateway: tried again.
      await this.cancelAtGateway(row, adapter);
    }
    await this.postpone(row);
  }

  private async postpone(row: QrCode): Promise<void> {
    const now = this.deps.clock.now();
    const pause = Math.min(CHECK_FIRST_MS * 2 ** Math.min(row.check_attempts + 1, 20), CHECK_PAUSE_MAX_MS);
    const next = now.getTime() + pause;
    const last = row.expires_at.getTime() + CHECK_WINDOW_MS;
    await this.deps.repository.scheduleCheck(this.deps.db, row.id, next > last ? null : new Date(next), now);
  }

  /** A creation that failed: nothing live; a gateway that may have made it (no answer) is told to cancel. */
  private async failCreation(row: QrCode, adapter: PaymentGateway, error: Error): Promise<void> {
    const { db, repository, clock, logger } = this.deps;
    logger.warn({ err: error, qrcode: row.qrcode_id, gateway: row.gateway }, 'QR creation failed: QR_FAIL');
    await repository.setStatus(db, row.id, 'failed', clock.now());
    if (error instanceof PaymentGatewayUnavailableError) await this.cancelAtGateway(row, adapter);
  }

  /**
   * A QR whose payload is not what was asked (docs/deposits/qr.md, The payload check): never shown, kept `failed`,
   * and cancelled at the gateway so no one can pay it (the settler tries again if the gateway did not hear it).
   */
  private async refusePayload(row: QrCode, adapter: PaymentGateway, problem: QrPayloadProblem, reference: string) {
    const { db, repository, clock, logger } = this.deps;
    const context = { qrcode: row.qrcode_id, gateway: row.gateway, gatewayReference: reference, problem };
    logger.error(context, 'QR payload refused: not shown, cancelled at the gateway (QR_FAIL)');
    await repository.setStatus(db, row.id, 'failed', clock.now());
    await this.cancelAtGateway(row, adapter);
  }

  /** Best effort: a cancellation the gateway did not get is tried again by the settler. */
  private async cancelAtGateway(row: QrCode, adapter = this.gatewayOf(row.gateway)): Promise<void> {
    try {
      await adapter.cancelQr(row.qrcode_id);
    } catch (error) {
      this.deps.logger.warn({ err: error, qrcode: row.qrcode_id, gateway: row.gateway }, 'QR not cancelled at gateway');
    }
  }

  private gatewayOf(code: string): PaymentGateway {
    const gateway = this.deps.gateways.get(code);
    if (!gateway) throw new Error(`no payment gateway ${code}`);
    return gateway;
  }

  /** The member and the enabled QR channel of the gateway in their currency; else 404 `NO_DATA`. */
  private async channelOf(memberId: bigint, gateway: string): Promise<{ member: Member; channel: DepositChannel }> {
    if (!(QR_GATEWAYS as readonly string[]).includes(gateway)) throw noData();
    const member = await this.deps.members.findById(memberId);
    if (!member) throw new Error(`member ${memberId} of a valid session does not exist`);
    const channel = await this.deps.channels.qrChannel(gateway, member.currency);
    if (!channel) throw noData();
    return { member, channel };
  }

  private async response(row: QrCode): Promise<QrcodeResponse> {
    if (!row.payload) throw new Error(`live QR ${row.qrcode_id} has no payload`);
    const left = row.expires_at.getTime() - this.deps.clock.now().getTime();
    return {
      qrcodeId: row.qrcode_id,
      hasQrcode: true,
      qrcode: await QRCode.toString(row.payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      amount: toMajor(row.amount_minor),
      expireIn: Math.max(0, Math.ceil(left / SECOND_MS)),
      message: 'SUCCESS',
      // The gateway of the QR as configured now: a QR lives minutes, and the gateways are chosen at start.
      ...sandboxLabel(this.gatewayOf(row.gateway).sandbox),
    };
  }
}
