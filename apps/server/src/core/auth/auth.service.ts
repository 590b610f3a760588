import type { LoginResponse } from '@member-wallet/contract/login';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { type DeviceCookies, nonceOf } from '../../lib/device-cookie.ts';
import { AppError, InvalidTokenError, LimitedLoginError } from '../../lib/errors.ts';
import { LoginGuard, type LoginGuardPolicy } from '../../lib/login-guard.ts';
import { assertPasswordPolicy } from '../../lib/password-policy.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
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
  /** The device cookies of members' sign-in (`mw_device` on /api/login). */
  devices: DeviceCookies;
  sessionTtlHours: number;
  rememberTtlDays: number;
  /** The member's time-out or self-exclusion, if one is in force (docs/safer-play.md). */
  blocks?: LoginBlocks;
  /** Compares two accounts one device signed in to (docs/accounts.md, One person behind the accounts). */
  people?: { screenSignIn(memberId: bigint, otherId: bigint): Promise<void> };
}

export interface LoginBlocks {
  blockOf(memberId: bigint): Promise<{ code: 'TIMED_OUT' | 'SELF_EXCLUDED'; until: Date | null } | null>;
}

/** How long the limited session of a blocked member's sign-in lasts: enough to ask for a withdrawal. */
export const LIMITED_SESSION_MS = 30 * MINUTE_MS;
/** A session's last use is written at most this often (the activity statement's time logged in). */
const SEEN_EVERY_MS = MINUTE_MS;

export interface LoginInput {
  username: string;
  password: string;
  remember: boolean;
  ip: string;
  userAgent: string | null;
  /** The request's Cookie header: a device cookie there may mark a device that signed in before. */
  cookies: string | undefined;
}

/** A session, and the device cookie to set (anew, so a known device stays known). */
export interface LoginResult {
  session: LoginResponse;
  deviceCookie: string;
}

/**
 * Members' sign-in limits (docs/decisions/0015): five free failures per phone and address (or per phone and known
 * device), then a wait from one minute doubling to fifteen; twenty free failures per phone from unknown devices
 * together, then one minute doubling to an hour; and per address 20 failures a minute and 100 an hour.
 */
export const MEMBER_LOGIN_POLICY: LoginGuardPolicy = {
  space: 'login',
  pair: { free: 5, baseDelayMs: MINUTE_MS, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: HOUR_MS },
  login: { free: 20, baseDelayMs: MINUTE_MS, maxDelayMs: HOUR_MS, forgetAfterMs: 24 * HOUR_MS },
  address: (ip) => [
    { key: `login:ip:1h:${ip}`, max: 100, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `login:ip:1m:${ip}`, max: 20, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
  ],
};

export class AuthService {
  readonly #guard: LoginGuard;

  constructor(private readonly deps: AuthServiceDeps) {
    this.#guard = new LoginGuard(deps.limiter, deps.clock, MEMBER_LOGIN_POLICY);
  }

  async login(input: LoginInput): Promise<LoginResult> {
    const { accounts, passwords, clock, devices } = this.deps;
    const device = await devices.trusted(input.username, input.cookies);
    const attempt = await this.#guard.begin({ login: input.username, ip: input.ip, device });
    const member = await accounts.findByPhone(input.username);
    const valid = member
      ? await passwords.verify(member.password_hash, input.password)
      : await passwords.verifyDummy(input.password);
    if (!member || !valid) throw new AppError('WRONG_CREDENTIAL');
    await attempt.succeeded();
    if (member.status !== 'active') throw new AppError('INACTIVE_USER');
    const deviceMemberId = device ? null : await this.previousMemberOfDevice(member.id, input.cookies);
    // Before the block is read: an account found the same person as a blocked one signs in blocked.
    if (deviceMemberId !== null) await this.deps.people?.screenSignIn(member.id, deviceMemberId);
    const block = (await this.deps.blocks?.blockOf(member.id)) ?? null;

    const token = newToken();
    const now = clock.now();
    const ttlMs = block
      ? LIMITED_SESSION_MS
      : input.remember
        ? this.deps.rememberTtlDays * 24 * HOUR_MS
        : this.deps.sessionTtlHours * HOUR_MS;
    const expiresAt = new Date(now.getTime() + ttlMs);
    const deviceCookie = await devices.issue(input.username);
    const deviceNonce = nonceOf(deviceCookie);
    if (!deviceNonce) throw new Error('an issued device cookie has no nonce');
    await this.deps.sessions.create({
      member_id: member.id,
      token_hash: hashToken(token),
      remember: input.remember && !block,
      limited_by: block?.code ?? null,
      created_at: now,
      expires_at: expiresAt,
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
      device_nonce: deviceNonce,
      device_member_id: deviceMemberId,
    });
    if (block) throw new LimitedLoginError(block.code, block.until, { token, expiresAt: expiresAt.toISOString() });
    return { session: { token, expiresAt: expiresAt.toISOString() }, deviceCookie };
  }

  /**
   * The other member whose genuine device cookie this sign-in carried: that member signed in on this device last.
   * The invite programme reads it to find an invitee and an inviter on one device (docs/promotions/invite.md).
   */
  private async previousMemberOfDevice(memberId: bigint, cookies: string | undefined): Promise<bigint | null> {
    const nonce = this.deps.devices.presentedNonce(cookies);
    const owner = nonce ? await this.deps.sessions.deviceOwner(nonce) : undefined;
    if (!owner || owner.member_id === memberId) return null;
    return (await this.deps.devices.trusted(owner.phone, cookies)) ? owner.member_id : null;
  }

  deviceCookieHeader(value: string, secure: boolean): string {
    return this.deps.devices.header(value, secure);
  }

  /** The caller of an `auth: true` route, from the bearer token alone. */
  async authenticate(authorization: string | undefined): Promise<AuthContext> {
    const token = bearerToken(authorization);
    if (!token || !TOKEN_PATTERN.test(token)) throw new InvalidTokenError();
    const now = this.deps.clock.now();
    const session = await this.deps.sessions.findLive(hashToken(token), now);
    if (session?.status !== 'active') throw new InvalidTokenError();
    if (session.last_seen_at === null || now.getTime() - session.last_seen_at.getTime() >= SEEN_EVERY_MS) {
      await this.deps.sessions.touch(session.id, now);
    }
    return {
      memberId: session.member_id,
      sessionId: session.id,
      currency: session.currency,
      limitedBy: session.limited_by,
    };
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
      throw new AppError('WRONG_PASSWORD', { oldPassword: 'WRONG_PASSWORD' });
    }
    assertPasswordPolicy('newPassword', newPassword, { username: member.phone, current: oldPassword });
    const now = this.deps.clock.now();
    await this.deps.accounts.update(member.id, { password_hash: await this.deps.passwords.hash(newPassword) }, now);
    await this.deps.sessions.revokeOthers(member.id, auth.sessionId, now);
  }
}
