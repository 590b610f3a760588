import type { GatewayNotification } from '../../adapters/payments/payment-gateway.ts';
import type { Db } from '../../db/database.ts';
import { MINUTE_MS } from '../../lib/clock.ts';
import type { QrRepository } from './qr.repository.ts';

/**
 * A vendor's unsigned notification (KBank's) makes us ask the vendor about a QR at most once per QR in this
 * window, and only about a QR of ours that is unpaid (docs/deposits/qr.md, Notifications that ask the gateway):
 * a forger who knows our partner and merchant ids costs us no inquiry for a QR we do not have, and one a minute
 * for one we do. The claim is a conditional update of `qr_codes.notice_inquiry_at` in the database every node
 * shares, not the rate limiter: it holds across nodes with or without Redis, it is taken in the same statement
 * that checks the QR is unpaid, and its window is measured on the app's Clock (the Redis limiter's windows end
 * by Redis's own expiry).
 */
export const NOTICE_INQUIRY_WINDOW_MS = MINUTE_MS;

/**
 * Why a notification naming the gateway's reference may not ask the gateway; null: it may, and the inquiry is
 * claimed. A claim is kept whatever the inquiry answers, an error too: a vendor that refuses us (its rate limit)
 * is not asked again before the window is over. The settler asks about the QR in any case.
 */
async function noticeInquiryRefusal(
  deps: { db: Db; repository: QrRepository; now: Date },
  gateway: string,
  gatewayReference: string,
): Promise<string | null> {
  const { db, repository, now } = deps;
  const row = await repository.findByGatewayReference(db, gateway, gatewayReference);
  if (!row) return 'no QR of ours';
  if (row.status === 'paid') return 'QR already paid';
  const askedBefore = new Date(now.getTime() - NOTICE_INQUIRY_WINDOW_MS);
  return (await repository.claimNoticeInquiry(db, row.id, now, askedBefore))
    ? null
    : 'QR asked about within the window';
}

/**
 * A vendor's notification, read by the gateway's adapter, confirmed by it (an inquiry back to the vendor) only for
 * a QR of ours that is unpaid and was not asked about within `NOTICE_INQUIRY_WINDOW_MS`; else `not asked`
 * (acknowledged). Throws PaymentGatewayUnavailableError when the vendor could not confirm it.
 */
export async function confirmNotice(
  deps: { db: Db; repository: QrRepository; now: Date },
  gateway: string,
  notice: GatewayNotification,
) {
  if (notice.outcome !== 'to confirm') return notice;
  const unasked = await noticeInquiryRefusal(deps, gateway, notice.gatewayReference);
  if (unasked) return { outcome: 'not asked', reason: unasked } as const;
  return notice.confirm();
}
