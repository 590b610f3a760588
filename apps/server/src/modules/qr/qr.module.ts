import { QR_GATEWAYS } from '@member-wallet/contract/deposit';
import type { FastifyInstance } from 'fastify';
import { HttpPaymentGateway } from '../../adapters/payments/http.ts';
import { type PaymentGateway, UnconfiguredPaymentGateway } from '../../adapters/payments/payment-gateway.ts';
import { sandboxPaymentGateway, sandboxPaymentSecret } from '../../adapters/payments/sandbox.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { IdempotencyRepository } from '../ledger/idempotency.repository.ts';
import { IdempotencyService } from '../ledger/idempotency.service.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { DepositChannelsRepository } from '../deposit-channels/deposit-channels.ts';
import { QrRepository } from './qr.repository.ts';
import { paymentWebhookRoutes, qrRoutes } from './qr.routes.ts';
import { QrPaymentService } from './qr.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** QR payments, for tests and operational scripts (the settler's pass on demand: `settle()`). */
    qrPayments: QrPaymentService;
  }
}

export interface QrPaymentsDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  members: AccountRepository;
  settings: SettingsService;
  /** This server's own address, for the sandbox gateways reached over real HTTP (known after listen). */
  ownBaseUrl: () => string;
}

/**
 * Everything of QR payments (docs/deposits/qr.md): one payment gateway adapter per code (the configured
 * gateway, else with SANDBOX the sandbox's over real HTTP), the service, member routes, the webhook, and the
 * settler.
 */
export async function registerQrPayments(app: FastifyInstance, route: Router, config: Config, deps: QrPaymentsDeps) {
  const { db, clock } = deps;
  const secretOf = (code: string): string | null =>
    config.paymentGateways.get(code)?.secret ?? (config.sandbox ? sandboxPaymentSecret(code) : null);
  const qr = new QrPaymentService({
    db,
    ledger: new LedgerService({ repository: new LedgerRepository(), clock }),
    repository: new QrRepository(),
    channels: new DepositChannelsRepository(db),
    members: deps.members,
    gateways: createGateways(app, config, deps),
    clock,
    logger: app.log,
    expiryMinutes: () => deps.settings.qrValidityMinutes(config.qrExpiryMinutes),
  });
  app.decorate('qrPayments', qr);
  qrRoutes(route, {
    qr,
    idempotency: new IdempotencyService({ repository: new IdempotencyRepository(db), clock }),
    limiter: deps.limiter,
    ratePerMinute: config.moneyRatePerMinute,
  });
  await paymentWebhookRoutes(app, { qr, secretOf, clock });
  startPeriodicJob(app, 'QR settler', config.qrSettleIntervalMs, () => qr.settle());
  return qr;
}

function createGateways(app: FastifyInstance, config: Config, deps: QrPaymentsDeps): Map<string, PaymentGateway> {
  const gateways = new Map<string, PaymentGateway>();
  const unconfigured: string[] = [];
  const sandboxed: string[] = [];
  const callbackBase = config.paymentCallbackBaseUrl?.replace(/\/+$/, '') ?? null;
  for (const code of QR_GATEWAYS) {
    const real = config.paymentGateways.get(code);
    if (real) {
      gateways.set(
        code,
        new HttpPaymentGateway({
          code,
          baseUrl: () => real.baseUrl,
          secret: real.secret,
          callbackUrl: () => (callbackBase ? `${callbackBase}/api/webhooks/payments/${code}` : null),
          clock: deps.clock,
          timeoutMs: config.paymentGatewayTimeoutMs,
          sandbox: false,
        }),
      );
    } else if (config.sandbox) {
      gateways.set(code, sandboxPaymentGateway(code, deps.ownBaseUrl, deps.clock, config.paymentGatewayTimeoutMs));
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
