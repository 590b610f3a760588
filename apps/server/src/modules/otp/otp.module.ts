import type { FastifyInstance } from 'fastify';
import { chooseAdapter } from '../../adapters/choose-adapter.ts';
import { HttpSmsSender, UnconfiguredSmsSender } from '../../adapters/sms/http.ts';
import { sandboxSmsSender } from '../../adapters/sms/sandbox.ts';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { Core } from '../../core.ts';
import { OtpRepository } from './otp.repository.ts';
import { otpRoutes } from './otp.routes.ts';
import { OtpService } from './otp.service.ts';

export type { OtpService } from './otp.service.ts';

/** One-time codes by SMS (docs/accounts.md): the SMS party's adapter, the service and its route. */
export function registerOtp(
  app: FastifyInstance,
  core: Pick<
    Core,
    'clock' | 'config' | 'db' | 'limiter' | 'log' | 'members' | 'ownBaseUrl' | 'route' | 'sandboxAdapters'
  >,
  deps: { sms?: SmsSender },
): OtpService {
  const { config } = core;
  const otp = new OtpService({
    repository: new OtpRepository(core.db),
    sms: deps.sms ?? createSmsSender(core),
    limiter: core.limiter,
    clock: core.clock,
    logger: app.log,
    logSandboxText: config.sandbox && config.nodeEnv !== 'production',
    isRegistered: async (phone) => (await core.members.findByPhone(phone)) !== undefined,
  });
  otpRoutes(core.route, otp, config.country);
  return otp;
}

function createSmsSender(core: Pick<Core, 'config' | 'log' | 'ownBaseUrl' | 'sandboxAdapters'>): SmsSender {
  return chooseAdapter<SmsSender>(core, {
    baseUrl: core.config.sms.baseUrl,
    secret: core.config.sms.apiKey,
    real: (baseUrl, apiKey) => new HttpSmsSender({ baseUrl: () => baseUrl.replace(/\/+$/, ''), apiKey }),
    sandbox: (apiKey) => sandboxSmsSender(core.ownBaseUrl, apiKey),
    unconfigured: () => new UnconfiguredSmsSender(),
    warning: 'No SMS party configured (SMS_BASE_URL, SMS_API_KEY): OTP sends will fail',
  });
}
