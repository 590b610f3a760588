import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import type { QrCodesTable } from '../../db/tables/deposits.table.ts';

export type QrCode = Selectable<QrCodesTable>;

/** The SQL of QR payments (docs/deposits/qr.md). Functions that lock take a transaction. */
export class QrRepository {
  insert(db: Db, row: Insertable<QrCodesTable>): Promise<QrCode> {
    return db.insertInto('qr_codes').values(row).returningAll().executeTakeFirstOrThrow();
  }

  findByQrcodeId(db: Db, qrcodeId: string): Promise<QrCode | undefined> {
    return db.selectFrom('qr_codes').selectAll().where('qrcode_id', '=', qrcodeId).executeTakeFirst();
  }

  /** The member's live QR at a gateway that has not expired yet. */
  findLive(db: Db, memberId: bigint, gateway: string, now: Date): Promise<QrCode | undefined> {
    return db
      .selectFrom('qr_codes')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('gateway', '=', gateway)
      .where('status', '=', 'live')
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** The QR a gateway's own reference names (a vendor's notification names it so: KBank's partnerTxnUid). */
  findByGatewayReference(db: Db, gateway: string, gatewayReference: string): Promise<QrCode | undefined> {
    return db
      .selectFrom('qr_codes')
      .selectAll()
      .where('gateway', '=', gateway)
      .where('gateway_reference', '=', gatewayReference)
      .executeTakeFirst();
  }

  /**
   * Claims the one inquiry a vendor's notification may make about an unpaid QR in a window: true when none was
   * made since `askedBefore` (then `now` is recorded), false otherwise or when the QR is paid. One conditional
   * UPDATE: PostgreSQL re-checks it on the row it waited for, so of notifications at once on several nodes
   * exactly one claims.
   */
  async claimNoticeInquiry(db: Db, id: bigint, now: Date, askedBefore: Date): Promise<boolean> {
    const claimed = await db
      .updateTable('qr_codes')
      .set({ notice_inquiry_at: now })
      .where('id', '=', id)
      .where('status', '<>', 'paid')
      .where((eb) => eb.or([eb('notice_inquiry_at', 'is', null), eb('notice_inquiry_at', '<=', askedBefore)]))
      .returning('id')
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /** Serialises QR changes of one member (two creations at once), by locking the member's row. */
  async lockMember(trx: Transaction<Database>, memberId: bigint): Promise<void> {
    await trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().executeTakeFirstOrThrow();
  }

  lock(trx: Transaction<Database>, qrcodeId: string): Promise<QrCode | undefined> {
    return trx.selectFrom('qr_codes').selectAll().where('qrcode_id', '=', qrcodeId).forUpdate().executeTakeFirst();
  }

  /** Ends the member's live QRs but `keepId`: expired past their time, cancelled otherwise; answers them. */
  async endLiveOf(trx: Transaction<Database>, memberId: bigint, keepId: bigint, now: Date): Promise<QrCode[]> {
    const live = await trx
      .selectFrom('qr_codes')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'live')
      .where('id', '<>', keepId)
      .forUpdate()
      .execute();
    const ended: QrCode[] = [];
    for (const row of live) {
      const status = row.expires_at.getTime() <= now.getTime() ? 'expired' : 'cancelled';
      ended.push(await this.setStatus(trx, row.id, status, now));
    }
    return ended;
  }

  setStatus(db: Db | Transaction<Database>, id: bigint, status: QrCode['status'], now: Date): Promise<QrCode> {
    return db
      .updateTable('qr_codes')
      .set({ status, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  markLive(trx: Transaction<Database>, id: bigint, created: { gatewayReference: string; payload: string }, now: Date) {
    return trx
      .updateTable('qr_codes')
      .set({ status: 'live', gateway_reference: created.gatewayReference, payload: created.payload, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  markPaid(
    trx: Transaction<Database>,
    id: bigint,
    paid: { amountMinor: bigint; entryId: bigint; paidAt: Date; gatewayReference: string; now: Date },
  ): Promise<QrCode> {
    return trx
      .updateTable('qr_codes')
      .set({
        status: 'paid',
        paid_amount_minor: paid.amountMinor,
        entry_id: paid.entryId,
        paid_at: paid.paidAt,
        gateway_reference: paid.gatewayReference,
        next_check_at: null,
        updated_at: paid.now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Live QRs past their expiry become expired; one bounded batch. */
  async expireDue(db: Db, now: Date, limit: number): Promise<number> {
    const rows = await db
      .updateTable('qr_codes')
      .set({ status: 'expired', updated_at: now })
      .where(
        'id',
        'in',
        db.selectFrom('qr_codes').select('id').where('status', '=', 'live').where('expires_at', '<=', now).limit(limit),
      )
      .where('status', '=', 'live')
      .returning('id')
      .execute();
    return rows.length;
  }

  /** QRs not paid whose check at the gateway is due, oldest first. */
  listCheckDue(db: Db, now: Date, limit: number): Promise<QrCode[]> {
    return db
      .selectFrom('qr_codes')
      .selectAll()
      .where('status', '<>', 'paid')
      .where('next_check_at', 'is not', null)
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(limit)
      .execute();
  }

  async scheduleCheck(db: Db, id: bigint, next: Date | null, now: Date): Promise<void> {
    await db
      .updateTable('qr_codes')
      .set((eb) => ({ next_check_at: next, check_attempts: eb('check_attempts', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('status', '<>', 'paid')
      .execute();
  }

  async webhookEventSeen(db: Db, gateway: string, eventId: string): Promise<boolean> {
    const row = await db
      .selectFrom('payment_webhook_events')
      .select('event_id')
      .where('gateway', '=', gateway)
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordWebhookEvent(db: Db, gateway: string, eventId: string, now: Date): Promise<void> {
    await db
      .insertInto('payment_webhook_events')
      .values({ gateway, event_id: eventId, received_at: now })
      .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
      .execute();
  }

  /** Forgets events older than any delivery of theirs can be (the QR's paid status guards beyond). */
  async deleteWebhookEventsBefore(db: Db, before: Date): Promise<void> {
    await db.deleteFrom('payment_webhook_events').where('received_at', '<', before).execute();
  }
}
