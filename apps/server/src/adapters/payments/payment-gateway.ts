/**
 * The payment gateway port: a QR provider (a bank's own QR, or a payment type) makes a QR for an amount, tells
 * us by webhook when it is paid, and answers the state of a QR when asked (docs/deposits/qr.md).
 * Every call names the QR by our qrcodeId, the gateway's idempotency key: asking again after a time-out makes
 * no second QR.
 */
export interface CreateQrRequest {
  /** Our id of the QR (random, unguessable). */
  qrcodeId: string;
  amountMinor: bigint;
  /** `BAHT` or `LAK`. */
  currency: string;
  /** The merchant name the payer's bank app shows. */
  merchantName: string;
  /** After this the gateway must refuse to take the payment (it may still report a late one). */
  expiresAt: Date;
}

export interface CreatedQr {
  gatewayReference: string;
  /** The EMVCo QR payload (PromptPay in Thailand) the member's bank app reads. */
  payload: string;
}

export type QrState =
  | { status: 'live' | 'cancelled' | 'expired'; gatewayReference: string }
  | { status: 'paid'; gatewayReference: string; paidAmountMinor: bigint; currency: string; paidAt: Date }
  | { status: 'not_found' };

/** A payment the gateway reports, by notification or when asked. */
export interface GatewayPayment {
  gatewayReference: string;
  amountMinor: bigint;
  currency: string;
  paidAt: Date;
}

/**
 * A vendor's payment notification as its adapter reads it, without asking the vendor anything: the QR it names
 * (the gateway's reference), whose payment only `confirm` (a call to the vendor) can tell; a notice of no payment
 * (acknowledged, nothing done); one refused (forged: another partner); or a body that does not read. The QR
 * service decides whether the vendor is asked at all (docs/deposits/qr.md, Notifications that ask the gateway).
 */
export type GatewayNotification =
  | { outcome: 'to confirm'; gatewayReference: string; confirm(): Promise<GatewayConfirmation> }
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'refused'; reason: string }
  | { outcome: 'malformed' };

/**
 * What the vendor says of a notified QR: a payment it confirms (`eventId` names the notification, so a repeat
 * moves nothing), or none (refused: forged, or not paid there).
 */
export type GatewayConfirmation =
  | { outcome: 'paid'; eventId: string; qrcodeId: string; payment: GatewayPayment }
  | { outcome: 'refused'; reason: string };

export interface PaymentGateway {
  /** The gateway's code (contract `QR_GATEWAYS`). */
  readonly code: string;
  /** True for the sandbox's gateway (logged and documented as such). */
  readonly sandbox: boolean;
  /** Makes the QR, or answers the one already made for the qrcodeId. Throws on a refusal or no answer. */
  createQr(request: CreateQrRequest): Promise<CreatedQr>;
  /** Cancels a live QR; answers its state (a paid QR stays paid). */
  cancelQr(qrcodeId: string): Promise<QrState>;
  status(qrcodeId: string): Promise<QrState>;
  /**
   * A vendor adapter whose vendor notifies in its own format, unsigned or signed its own way, reads and checks the
   * notification here, with no call; its `confirm` asks the vendor (the KBank adapter's inquiry) and throws
   * PaymentGatewayUnavailableError when the vendor could not be asked. Absent: the gateway signs our webhook
   * format (`/api/webhooks/payments/{code}`).
   */
  readNotification?(body: unknown): GatewayNotification;
}

/** The outcome is unknown (network error, time-out, a 5xx, an unreadable answer). */
export class PaymentGatewayUnavailableError extends Error {
  override name = 'PaymentGatewayUnavailableError';
}

/** The gateway answered no (a 4xx to a creation): no QR exists. */
export class PaymentGatewayRefusedError extends Error {
  override name = 'PaymentGatewayRefusedError';
}

/** Used for a gateway with no configuration (and no sandbox): every call fails, so no QR is ever shown. */
export class UnconfiguredPaymentGateway implements PaymentGateway {
  readonly sandbox = false;
  constructor(readonly code: string) {}

  async createQr(): Promise<CreatedQr> {
    throw new PaymentGatewayUnavailableError(`payment gateway ${this.code} is not configured (PAYMENT_GATEWAYS)`);
  }
  async cancelQr(): Promise<QrState> {
    throw new PaymentGatewayUnavailableError(`payment gateway ${this.code} is not configured (PAYMENT_GATEWAYS)`);
  }
  async status(): Promise<QrState> {
    throw new PaymentGatewayUnavailableError(`payment gateway ${this.code} is not configured (PAYMENT_GATEWAYS)`);
  }
}
