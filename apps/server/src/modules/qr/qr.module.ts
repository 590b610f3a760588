import { readFileSync } from 'node:fs';
import { fillPath, WEBHOOKS } from '@member-wallet/contract/api-paths';
import { QR_GATEWAYS } from '@member-wallet/contract/deposit';
import type { FastifyInstance } from 'fastify';
import { HttpPaymentGateway } from '../../adapters/payments/http.ts';
import { KbankPaymentGateway } from '../../adapters/payments/kbank.ts';
import { type PaymentGateway, UnconfiguredPaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import { sandboxPaymentGateway, sandboxPaymentSecret } from '../../adapters/payments/sandbox.ts';
import type { PaymentGatewayConfig } from '../../config.ts';
import type { Core } from '../../core.ts';
import type { BankFeedRepository } from '../bank-feed/bank-feed.module.ts';
import type { DepositChannelsRepository } from '../deposit-channels/deposit-channels.module.ts';
import { kbankNotificationRoutes } from './kbank.routes.ts';
import { QrRepository } from './qr.repository.ts';
import { paymentWebhookRoutes, qrRoutes } from './qr.routes.ts';
import { QrPaymentService } from './qr.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** QR payments, for tests and operational scripts (the settler's pass on demand: `settle()`). */
    qrPayments: QrPaymentService;
  }
}

/**
 * Everything of QR payments (docs/deposits/qr.md): one payment gateway adapter per code (the configured
 * gateway, else with SANDBOX the sandbox's over real HTTP), the service, member routes, the webhook, and the
 * settler.
 */
export async function registerQrPayments(
  app: FastifyInstance,
  core: Pick<
    Core,
    | 'clock'
    | 'config'
    | 'db'
    | 'idempotency'
    | 'ledger'
    | 'limiter'
    | 'members'
    | 'ownBaseUrl'
    | 'route'
    | 'saferPlay'
    | 'sandboxAdapters'
    | 'settings'
  >,
  deps: { channels: DepositChannelsRepository; transfers: BankFeedRepository },
): Promise<QrPaymentService> {
  const { config, clock, db } = core;
  const secretOf = (code: string): string | null => {
    const real = config.qr.gateways.get(code);
    // A vendor adapter's gateway does not sign our webhook format: its notification has a route of its own.
    if (real) return real.adapter === 'http' ? real.secret : null;
    return config.sandbox ? sandboxPaymentSecret(code) : null;
  };
  const qr = new QrPaymentService({
    db,
    ledger: core.ledger,
    repository: new QrRepository(),
    channels: deps.channels,
    members: core.members,
    gateways: createGateways(app, core),
    clock,
    logger: app.log,
    expiryMinutes: () => core.settings.qrValidityMinutes(config.qr.expiryMinutes),
    saferPlay: core.saferPlay,
    transfers: deps.transfers,
  });
  app.decorate('qrPayments', qr);
  qrRoutes(core.route, {
    qr,
    idempotency: core.idempotency,
    limiter: core.limiter,
    ratePerMinute: config.rates.moneyPerMinute,
  });
  await paymentWebhookRoutes(app, { qr, secretOf, clock });
  kbankNotificationRoutes(core.route, { qr });
  app.jobs.every('qr-settler', config.qr.settleIntervalMs, () => qr.settle());
  return qr;
}

function createGateways(
  app: FastifyInstance,
  core: Pick<Core, 'clock' | 'config' | 'ownBaseUrl' | 'sandboxAdapters'>,
): Map<string, PaymentGateway> {
  const { config, clock } = core;
  const gateways = new Map<string, PaymentGateway>();
  const unconfigured: string[] = [];
  const sandboxed: string[] = [];
  const callbackBase = config.qr.callbackBaseUrl?.replace(/\/+$/, '') ?? null;
  for (const code of QR_GATEWAYS) {
    const real = config.qr.gateways.get(code);
    if (real?.adapter === 'kbank') {
      gateways.set(code, kbankGateway(app, code, real, core));
    } else if (real) {
      gateways.set(
        code,
        new HttpPaymentGateway({
          code,
          baseUrl: () => real.baseUrl,
          secret: real.secret,
          callbackUrl: () => (callbackBase ? `${callbackBase}${fillPath(WEBHOOKS.payments, { gateway: code })}` : null),
          clock,
          timeoutMs: config.qr.gatewayTimeoutMs,
          sandbox: false,
        }),
      );
    } else if (config.sandbox) {
      const sandbox = sandboxPaymentGateway(code, core.ownBaseUrl, clock, config.qr.gatewayTimeoutMs);
      gateways.set(code, core.sandboxAdapters.mark(sandbox));
      sandboxed.push(code);
    } else {
      gateways.set(code, new UnconfiguredPaymentGateway(code));
      unconfigured.push(code);
    }
  }
  if (sandboxed.length > 0) app.log.info({ gateways: sandboxed }, 'QR payment gateways are the SANDBOX gateways');
  if (unconfigured.length > 0) {
    app.log.warn({ gateways: unconfigured }, 'QR payment gateways not configured (PAYMENT_GATEWAYS): QR_FAIL');
  }
  return gateways;
}

/**
 * A gateway of the kbank adapter (`CODE=kbank:baseUrl`): KASIKORNBANK's QR Payment API with the `KBANK_...`
 * credentials; the client certificate of KBank's two-way SSL is read once, here (a missing file stops start-up).
 */
function kbankGateway(
  app: FastifyInstance,
  code: string,
  real: Extract<PaymentGatewayConfig, { adapter: 'kbank' }>,
  core: Pick<Core, 'clock' | 'config'>,
): KbankPaymentGateway {
  const { tlsCertFile, tlsKeyFile, ...credentials } = real.kbank;
  const tls =
    tlsCertFile && tlsKeyFile
      ? { cert: readFileSync(tlsCertFile, 'utf8'), key: readFileSync(tlsKeyFile, 'utf8') }
      : null;
  app.log.info({ gateway: code, baseUrl: real.baseUrl }, "QR payment gateway is KASIKORNBANK's QR Payment API");
  if (!tls) {
    app.log.warn({ gateway: code }, 'KBank without a client certificate (KBANK_TLS_CERT_FILE): no two-way SSL');
  }
  return new KbankPaymentGateway({
    code,
    baseUrl: real.baseUrl,
    ...credentials,
    tls,
    clock: core.clock,
    timeoutMs: core.config.qr.gatewayTimeoutMs,
  });
}
