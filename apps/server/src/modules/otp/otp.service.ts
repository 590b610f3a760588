import { createHash } from 'node:crypto';
import { OTP_RULES, type OtpSendResponse } from '@member-wallet/contract/otp';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../../adapters/sms/sms-sender.ts';
import type { Db } from '../../db/database.ts';
import { type Clock, HOUR_MS, SECOND_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { type Limit, type RateLimiter, takeHitsUnlessRefused } from '../../lib/rate-limiter.ts';
import {
  hashToken,
  newToken,
  randomCode,
  randomDigits,
  sameHash,
  TOKEN_PATTERN,
  UPPERCASE_LETTERS,
} from '../../lib/tokens.ts';
import type { OtpRepository } from './otp.repository.ts';

/**
 * Sends per address, and per phone before saying whether the phone is registered (docs/accounts.md); the
 * per-phone rules of OTP_RULES (one a minute, five an hour) are then counted from the challenges themselves.
 * A refused send counts nowhere.
 */
function sendLimits(phone: string, ip: string): Limit[] {
  return [
    { key: `otp:ip:${ip}`, max: 10, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `otp:phone:${phone}`, max: 10, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
  ];
}

export interface OtpServiceDeps {
  repository: OtpRepository;
  sms: SmsSender;
  limiter: RateLimiter;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** True only in sandbox mode outside production: the OTP text is then logged for demos. */
  logSandboxText: boolean;
  isRegistered: (phone: string) => Promise<boolean>;
}

/** The code is bound to its challenge's token, so equal codes of two challenges hash differently. */
function codeHash(tokenHash: string, code: string): string {
  return createHash('sha256').update(`${tokenHash}:${code}`).digest('hex');
}

export class OtpService {
  constructor(private readonly deps: OtpServiceDeps) {}

  async send(phone: string, ip: string): Promise<OtpSendResponse> {
    const { repository, clock } = this.deps;
    await takeHitsUnlessRefused(this.deps.limiter, sendLimits(phone, ip));

    if (await this.deps.isRegistered(phone)) throw new AppError('EXISTING_USER');
    const now = clock.now();
    if (await this.verifiedChallenge(phone)) return { code: 'OTP_VERIFIED', otpRef: '', otpToken: '', expiresIn: 0 };

    const latest = await repository.latestFor(phone);
    if (latest && now.getTime() - latest.created_at.getTime() < OTP_RULES.resendAfterSeconds * SECOND_MS) {
      throw new AppError('REQUEST_LIMIT_1MIN');
    }
    if ((await repository.countSince(phone, new Date(now.getTime() - HOUR_MS))) >= OTP_RULES.maxSendsPerHour) {
      throw new AppError('OTP_BLOCK');
    }

    const token = newToken();
    const tokenHash = hashToken(token);
    const code = randomDigits(OTP_RULES.codeLength);
    const ref = randomCode(4, UPPERCASE_LETTERS);
    const id = await repository.create({
      phone,
      token_hash: tokenHash,
      ref,
      code_hash: codeHash(tokenHash, code),
      expires_at: new Date(now.getTime() + OTP_RULES.ttlSeconds * SECOND_MS),
      created_at: now,
      ip,
    });
    const text = `Member Wallet OTP ${code} (ref ${ref}), valid ${OTP_RULES.ttlSeconds / 60} minutes.`;
    try {
      await this.deps.sms.send(phone, text);
    } catch (error) {
      await repository.delete(id);
      this.deps.logger.warn({ err: error }, 'OTP SMS could not be sent');
      throw new AppError('OTP_SEND_FAIL');
    }
    if (this.deps.logSandboxText)
      this.deps.logger.info(
        { sandbox: true, phone, sandboxSms: text },
        'sandbox SMS (not logged outside sandbox mode)',
      );
    return { code: 'OTP_SENT', otpRef: ref, otpToken: token, expiresIn: OTP_RULES.ttlSeconds };
  }

  async verify(token: string, code: string): Promise<void> {
    const { repository, clock } = this.deps;
    if (!TOKEN_PATTERN.test(token)) throw new AppError('OTP_TOKEN_INVALID');
    const tokenHash = hashToken(token);
    const challenge = await repository.findByTokenHash(tokenHash);
    if (!challenge || challenge.verified_at || challenge.consumed_at) throw new AppError('OTP_TOKEN_INVALID');
    if (challenge.expires_at.getTime() <= clock.now().getTime()) throw new AppError('OTP_EXPIRED');
    if (challenge.attempts >= OTP_RULES.maxAttempts) throw new AppError('OTP_BLOCK');
    if (!sameHash(codeHash(tokenHash, code), challenge.code_hash)) {
      if (!(await repository.addAttempt(challenge.id, OTP_RULES.maxAttempts))) throw new AppError('OTP_BLOCK');
      throw new AppError('OTP_CODE_INVALID');
    }
    if (!(await repository.markVerified(challenge.id, clock.now()))) throw new AppError('OTP_TOKEN_INVALID');
  }

  /** The phone's verified, unused challenge from the last `verifiedValidSeconds`, if any. */
  verifiedChallenge(phone: string) {
    const since = new Date(this.deps.clock.now().getTime() - OTP_RULES.verifiedValidSeconds * SECOND_MS);
    return this.deps.repository.findVerifiedUnconsumed(phone, since);
  }

  /** Uses a verified challenge up, in the caller's transaction: false when another call used it first. */
  consume(trx: Db, challengeId: bigint, now: Date): Promise<boolean> {
    return this.deps.repository.markConsumed(trx, challengeId, now);
  }
}
