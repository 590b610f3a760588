import type { LoginResponse } from '@member-wallet/contract/account';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { AppError, InvalidTokenError } from '../../lib/errors.ts';
import { assertPasswordPolicy } from '../../lib/password-policy.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { type Limit, type RateLimiter, returnHits, takeHits } from '../../lib/rate-limiter.ts';
import type { AuthContext } from '../../lib/route.ts';
import { bearerToken, hashToken, newToken, TOKEN_PATTERN } from '../../lib/tokens.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { SessionRepository } from './auth.repository.ts';

export interface AuthServiceDeps {
  sessions: SessionRepository;
  accounts: AccountRepository;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  clock: Clock;
  sessionTtlHours: number;
  rememberTtlDays: number;
}

export interface LoginInput {
  username: string;
  password: string;
  remember: boolean;
  ip: string;
  userAgent: string | null;
}

/** Failed logins per phone and per address: every attempt takes a hit before the password work, success gives it back. */
function loginLimits(phone: string, ip: string): Limit[] {
  return [
    { key: `login:phone:1h:${phone}`, max: 20, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `login:phone:1m:${phone}`, max: 5, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    { key: `login:ip:1h:${ip}`, max: 100, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `login:ip:1m:${ip}`, max: 20, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
  ];
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async login(input: LoginInput): Promise<LoginResponse> {
    const { accounts, passwords, limiter, clock } = this.deps;
    const limits = loginLimits(input.username, input.ip);
    await takeHits(limiter, limits);
    const member = await accounts.findByPhone(input.username);
    const valid = member
      ? await passwords.verify(member.password_hash, input.password)
      : await passwords.verifyDummy(input.password);
    if (!member || !valid) throw new AppError('WRONG_CREDENTIAL', 401);
    await returnHits(limiter, limits);
    if (member.status !== 'active') throw new AppError('INACTIVE_USER', 403);

    const token = newToken();
    const now = clock.now();
    const ttlMs = input.remember ? this.deps.rememberTtlDays * 24 * HOUR_MS : this.deps.sessionTtlHours * HOUR_MS;
    const expiresAt = new Date(now.getTime() + ttlMs);
    await this.deps.sessions.create({
      member_id: member.id,
      token_hash: hashToken(token),
      remember: input.remember,
      created_at: now,
      expires_at: expiresAt,
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** The caller of an `auth: true` route, from the bearer token alone. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const token = bearerToken(authorization);
    if (!token || !TOKEN_PATTERN.test(token)) throw new InvalidTokenError();
    const session = await this.deps.sessions.findLive(hashToken(token), this.deps.clock.now());
    if (session?.status !== 'active') throw new InvalidTokenError();
    return { memberId: session.member_id, sessionId: session.id };
  }

  logout(auth: AuthContext): Promise<void> {
    return this.deps.sessions.revoke(auth.sessionId, this.deps.clock.now());
  }

  /**
   * A new password ends every other session (a thief's included); the caller's own stays. It must pass the
   * password policy, and differ from the current one and from the phone number.
   */
  async changePassword(auth: AuthContext, oldPassword: string, newPassword: string): Promise<void> {
    const member = await this.deps.accounts.findById(auth.memberId);
    if (!member || !(await this.deps.passwords.verify(member.password_hash, oldPassword))) {
      throw new AppError('WRONG_PASSWORD', 400, { oldPassword: 'WRONG_PASSWORD' });
    }
    assertPasswordPolicy('newPassword', newPassword, { username: member.phone, current: oldPassword });
    const now = this.deps.clock.now();
    await this.deps.accounts.update(member.id, { password_hash: await this.deps.passwords.hash(newPassword) }, now);
    await this.deps.sessions.revokeOthers(member.id, auth.sessionId, now);
  }
}
