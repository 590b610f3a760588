import { WEBHOOKS } from '@member-wallet/contract/api-paths';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod/mini';
import { PaymentGatewayUnavailableError } from '../../adapters/payments/payment-gateway.ts';
import { AnsweredError, AppError } from '../../lib/errors.ts';
import { parseInput, type Router } from '../../lib/route.ts';
import { QrPaymentMismatchError, type QrPaymentService } from './qr.service.ts';

const gatewayParams = z.object({ gateway: z.string().check(z.maxLength(20)) });
/** KBank's "Return Parameters" of its Payment Notification Callback. */
const kbankAnswer = z.object({
  statusCode: z.string(),
  errorCode: z.nullable(z.string()),
  errorDesc: z.nullable(z.string()),
});
const RECEIVED = { statusCode: '00', errorCode: null, errorDesc: null };

/**
 * `POST /api/webhooks/kbank/{gateway}`: KASIKORNBANK's Payment Notification Callback for a gateway of the kbank
 * adapter (docs/parties/kbank-qr.md), the URL an operator registers with KBank. KBank signs nothing: the adapter
 * believes it only once an inquiry to KBank confirms the QR is paid, and what KBank says was paid is credited.
 * KBank is asked only about an unpaid QR of ours, once per QR in `NOTICE_INQUIRY_WINDOW_MS` (qr-notice.ts).
 * Exempt from the X-App-Name gate and the terminated switch, as every webhook.
 */
export function kbankNotificationRoutes(route: Router, deps: { qr: QrPaymentService }) {
  route({
    method: 'POST',
    url: WEBHOOKS.kbank,
    auth: false,
    summary:
      "KASIKORNBANK's QR payment notification (unsigned: confirmed by an inquiry to KBank, made only for an unpaid " +
      "QR of ours, once per QR a minute); answers KBank's statusCode 00 when handled or not asked about, 401 when " +
      'KBank does not confirm it, 503 when KBank could not be asked',
    tags: ['webhooks'],
    response: kbankAnswer,
    handler: async ({ request }) => {
      const { gateway } = parseInput(gatewayParams, request.params);
      const result = await confirmed(deps.qr, gateway, request.body, request.log);
      switch (result.outcome) {
        case 'credited':
        case 'replayed':
          return RECEIVED;
        case 'ignored':
          request.log.info({ gateway, reason: result.reason }, 'KBank notification of no payment; nothing done');
          return RECEIVED;
        case 'not asked':
          // Acknowledged as KBank expects: an unknown or paid QR has nothing to retry, and a payment within the
          // window is the settler's (docs/deposits/qr.md, Notifications that ask the gateway).
          request.log.info({ gateway, reason: result.reason }, 'KBank notification not asked about; nothing done');
          return RECEIVED;
        case 'refused':
          request.log.warn({ gateway, reason: result.reason }, 'KBank notification refused');
          // A party's call that fails its signature: 401, as docs/parties/ tells the party.
          throw new AnsweredError('UNAUTHORIZED', 401);
        case 'malformed':
          throw new AppError('KEY_INVALID');
        default:
          // A gateway that is not of the kbank adapter, or a QR KBank confirms that we do not have (logged).
          throw new AppError('NO_DATA');
      }
    },
  });
}

async function confirmed(qr: QrPaymentService, gateway: string, body: unknown, log: FastifyBaseLogger) {
  try {
    return await qr.vendorNotified(gateway, body);
  } catch (error) {
    if (error instanceof PaymentGatewayUnavailableError) {
      // KBank may send it again; the settler asks KBank about the QR in any case.
      log.warn({ err: error, gateway }, 'KBank notification not confirmed: KBank could not be asked');
      throw new AppError('INTERNAL_SERVER_ERROR');
    }
    if (error instanceof QrPaymentMismatchError) throw new AppError('KEY_INVALID', { currency: 'KEY_INVALID' });
    throw error;
  }
}
