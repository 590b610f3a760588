import {
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_USERNAME,
  type OperatorLoginResponse,
  type OperatorRole,
} from '@member-wallet/contract/backoffice/operators';
import type { PasswordProblem } from '@member-wallet/contract/password-policy';
import type { Db } from '../../db/database.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import type { DeviceCookies } from '../../lib/device-cookie.ts';
import { AppError, InvalidTokenError } from '../../lib/errors.ts';
import { LoginGuard, type LoginGuardPolicy } from '../../lib/login-guard.ts';
import { serverPasswordProblem } from '../../lib/password-policy.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { bearerToken, hashToken, newToken } from '../../lib/tokens.ts';
import { newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp.ts';
import type { AuditActor, AuditLog, OperatorActor } from './audit-log.ts';
import type { OperatorRepository } from './operator.repository.ts';

/** Who is calling an operator route: from the operator token alone. */
export interface OperatorContext {
  operatorId: bigint;
  sessionId: bigint;
  username: string;
  displayName: string | null;
  role: OperatorRole;
}

export interface OperatorServiceDeps {
  db: Db;
  repository: OperatorRepository;
  audit: AuditLog;
  passwords: PasswordHasher;
  secrets: SecretBox;
  limiter: RateLimiter;
  clock: Clock;
  /** The device cookies of operators' sign-in (`mw_op_device` on the sign-in and enrolment paths). */
  devices: DeviceCookies;
  sessionHours: number;
  /** The issuer an authenticator app shows beside the code. */
  issuer: string;
}

/**
 * Operator tokens carry a prefix a member token never has: a member's token fails the operator check before any
 * look-up, and the member check (43 base64url characters) refuses an operator's.
 */
const TOKEN_PREFIX = 'op_';
const OPERATOR_TOKEN = /^op_[A-Za-z0-9_-]{43}$/;

/**
 * Operators' sign-in limits (docs/decisions/0015), tighter than members': five free failures per username and
 * address (or known device), then one minute doubling to fifteen; ten per username from unknown devices together,
 * then one minute doubling to an hour; per address 10 failures a minute and 50 an hour.
 */
export const OPERATOR_LOGIN_POLICY: LoginGuardPolicy = {
  space: 'oplogin',
  pair: { free: 5, baseDelayMs: MINUTE_MS, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: HOUR_MS },
  login: { free: 10, baseDelayMs: MINUTE_MS, maxDelayMs: HOUR_MS, forgetAfterMs: 24 * HOUR_MS },
  address: (ip) => [
    { key: `oplogin:ip:1h:${ip}`, max: 50, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `oplogin:ip:1m:${ip}`, max: 10, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
  ],
};

export interface NewOperator {
  id: bigint;
  username: string;
  role: OperatorRole;
  /** Shown once, to be entered in the operator's authenticator app; the server keeps it sealed. */
  totpSecret: string;
  otpauthUri: string;
}

/** A refused operator change, in words for the command line; a password refusal also carries its code. */
export class OperatorError extends Error {
  override name = 'OperatorError';
  constructor(
    message: string,
    readonly code?: PasswordProblem,
  ) {
    super(message);
  }
}

const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  PASSWORD_TOO_SHORT: `The password takes at least ${OPERATOR_PASSWORD_MIN} characters.`,
  PASSWORD_CONTAINS_USERNAME: 'The password may not contain the username.',
  PASSWORD_SAME_AS_CURRENT: 'The new password must differ from the current one.',
  PASSWORD_TOO_COMMON: 'The password is one of the most common passwords; choose another.',
};

/**
 * Operator accounts, their sign-in (password and TOTP code, both required, one answer for any mismatch) and
 * their sessions (docs/backoffice/README.md).
 */
export class OperatorService {
  readonly #guard: LoginGuard;

  constructor(private readonly deps: OperatorServiceDeps) {
    this.#guard = new LoginGuard(deps.limiter, deps.clock, OPERATOR_LOGIN_POLICY);
  }

  async create(
    actor: AuditActor,
    input: { username: string; role: OperatorRole; password: string },
  ): Promise<NewOperator> {
    const username = input.username.trim().toLowerCase();
    if (!OPERATOR_USERNAME.test(username)) {
      throw new OperatorError('The username takes 3 to 32 lower-case letters, digits, dots, hyphens or underscores.');
    }
    if (input.password.length > OPERATOR_PASSWORD_MAX) {
      throw new OperatorError(`The password takes at most ${OPERATOR_PASSWORD_MAX} characters.`);
    }
    const problem = serverPasswordProblem(input.password, { min: OPERATOR_PASSWORD_MIN, username });
    if (problem) throw new OperatorError(PASSWORD_PROBLEM_TEXT[problem], problem);
    const { db, repository, audit, passwords, secrets, clock } = this.deps;
    const secret = newTotpSecret();
    const passwordHash = await passwords.hash(input.password);
    const now = clock.now();
    const created = await db.transaction().execute(async (trx) => {
      const row = await repository.create(trx, {
        username,
        role: input.role,
        password_hash: passwordHash,
        totp_secret_sealed: secrets.seal(secret),
        created_at: now,
      });
      if (!row) return null;
      await audit.record(
        trx,
        { actor, action: 'operator.create', target: `operator:${row.id}`, after: { username, role: input.role } },
        now,
      );
      return row;
    });
    if (!created) throw new OperatorError(`An operator named ${username} already exists.`);
    return {
      id: created.id,
      username,
      role: created.role,
      totpSecret: secret,
      otpauthUri: otpauthUri(this.deps.issuer, username, secret),
    };
  }

  async login(input: {
    username: string;
    password: string;
    totp: string;
    ip: string;
    userAgent: string | null;
    /** The request's Cookie header: a device cookie there may mark a device that signed in before. */
    cookies: string | undefined;
  }): Promise<{ session: OperatorLoginResponse; deviceCookie: string }> {
    const { repository, passwords, clock, secrets, audit, devices } = this.deps;
    const device = await devices.trusted(input.username, input.cookies);
    const attempt = await this.#guard.begin({ login: input.username, ip: input.ip, device });
    const operator = await repository.findByUsername(input.username);
    // One waiting for enrolment has no password yet: it is checked as an unknown username is.
    const passwordValid = operator?.password_hash
      ? await passwords.verify(operator.password_hash, input.password)
      : await passwords.verifyDummy(input.password);
    const now = clock.now();
    const step =
      operator?.totp_secret_sealed && passwordValid
        ? verifyTotp(
            secrets.open(operator.totp_secret_sealed),
            input.totp,
            now.getTime(),
            operator.totp_last_step === null ? null : Number(operator.totp_last_step),
          )
        : null;
    // A wrong password and a wrong or replayed code answer alike: the answer does not say which was right.
    if (!operator || step === null || !(await repository.useTotpStep(operator.id, step))) {
      throw new AppError('WRONG_CREDENTIAL');
    }
    await attempt.succeeded();
    if (operator.status !== 'active') throw new AppError('INACTIVE_USER');

    const token = TOKEN_PREFIX + newToken();
    const expiresAt = new Date(now.getTime() + this.deps.sessionHours * HOUR_MS);
    await repository.createSession({
      operator_id: operator.id,
      token_hash: hashToken(token),
      created_at: now,
      expires_at: expiresAt,
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
    });
    await audit.record(
      this.deps.db,
      {
        actor: { operatorId: operator.id, username: operator.username },
        action: 'operator.login',
        target: `operator:${operator.id}`,
        ip: input.ip,
      },
      now,
    );
    return {
      session: {
        token,
        expiresAt: expiresAt.toISOString(),
        operator: {
          id: String(operator.id),
          username: operator.username,
          displayName: operator.display_name,
          role: operator.role,
        },
      },
      deviceCookie: await devices.issue(input.username),
    };
  }

  deviceCookieHeader(value: string, secure: boolean): string {
    return this.deps.devices.header(value, secure);
  }

  /** The caller of an operator route, from the bearer token alone; a locked operator's sessions stop at once. */
  async authenticate(authorization: string | undefined): Promise<OperatorContext> {
    const token = bearerToken(authorization);
    if (!token || !OPERATOR_TOKEN.test(token)) throw new InvalidTokenError();
    const session = await this.deps.repository.findLiveSession(hashToken(token), this.deps.clock.now());
    if (session?.status !== 'active') throw new InvalidTokenError();
    return {
      operatorId: session.operatorId,
      sessionId: session.sessionId,
      username: session.username,
      displayName: session.displayName,
      role: session.role,
    };
  }

  /** The operator a bearer header's live session belongs to; null for none (no header, ended, not an operator's). */
  async sessionOperator(authorization: string | undefined): Promise<bigint | null> {
    try {
      return (await this.authenticate(authorization)).operatorId;
    } catch (error) {
      if (error instanceof InvalidTokenError) return null;
      throw error;
    }
  }

  /** Whether the request's device cookie is one `login` signed in with. */
  async knownDevice(login: string, cookies: string | undefined): Promise<boolean> {
    return (await this.deps.devices.trusted(login, cookies)) !== null;
  }

  async logout(auth: OperatorContext, ip: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.repository.revokeSession(auth.sessionId, now);
    await this.deps.audit.record(
      this.deps.db,
      { actor: actorOf(auth), action: 'operator.logout', target: `operator:${auth.operatorId}`, ip },
      now,
    );
  }
}

export function actorOf(auth: OperatorContext): OperatorActor {
  return { operatorId: auth.operatorId, username: auth.username };
}

/**
 * The operator of a request and the address they called from, as an audit line names them and a change waiting
 * for a second admin keeps its proposer.
 */
export function callerOf(auth: OperatorContext, request: { ip: string }): { actor: OperatorActor; ip: string } {
  return { actor: actorOf(auth), ip: request.ip };
}

/** Refuses the call unless the operator's role is one of `roles` (403 FORBIDDEN). */
export function requireRole(auth: OperatorContext, roles: readonly OperatorRole[]): void {
  if (!roles.includes(auth.role)) throw new AppError('FORBIDDEN');
}
