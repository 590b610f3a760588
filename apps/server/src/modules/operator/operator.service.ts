import {
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  OPERATOR_USERNAME,
  type OperatorLoginResponse,
  type OperatorRole,
} from '@member-wallet/contract/backoffice';
import type { PasswordProblem } from '@member-wallet/contract/password-policy';
import type { Db } from '../../db/database.ts';
import { type Clock, HOUR_MS, MINUTE_MS } from '../../lib/clock.ts';
import { AppError, InvalidTokenError } from '../../lib/errors.ts';
import { serverPasswordProblem } from '../../lib/password-policy.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { type Limit, type RateLimiter, returnHits, takeHits } from '../../lib/rate-limiter.ts';
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

/** Failed sign-ins per username and per address; a success gives its hits back. Tighter than members'. */
function loginLimits(username: string, ip: string): Limit[] {
  return [
    { key: `oplogin:user:1h:${username}`, max: 10, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `oplogin:user:1m:${username}`, max: 5, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    { key: `oplogin:ip:1h:${ip}`, max: 50, windowMs: HOUR_MS, code: 'REQUEST_LIMIT' },
    { key: `oplogin:ip:1m:${ip}`, max: 10, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
  ];
}

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
 * their sessions (docs/backoffice.md).
 */
export class OperatorService {
  constructor(private readonly deps: OperatorServiceDeps) {}

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
  }): Promise<OperatorLoginResponse> {
    const { repository, passwords, limiter, clock, secrets, audit } = this.deps;
    const limits = loginLimits(input.username, input.ip);
    await takeHits(limiter, limits);
    const operator = await repository.findByUsername(input.username);
    const passwordValid = operator
      ? await passwords.verify(operator.password_hash, input.password)
      : await passwords.verifyDummy(input.password);
    const now = clock.now();
    const step =
      operator && passwordValid
        ? verifyTotp(
            secrets.open(operator.totp_secret_sealed),
            input.totp,
            now.getTime(),
            operator.totp_last_step === null ? null : Number(operator.totp_last_step),
          )
        : null;
    // A wrong password and a wrong or replayed code answer alike: the answer does not say which was right.
    if (!operator || step === null || !(await repository.useTotpStep(operator.id, step))) {
      throw new AppError('WRONG_CREDENTIAL', 401);
    }
    await returnHits(limiter, limits);
    if (operator.status !== 'active') throw new AppError('INACTIVE_USER', 403);

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
      token,
      expiresAt: expiresAt.toISOString(),
      operator: { id: String(operator.id), username: operator.username, role: operator.role },
    };
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
      role: session.role,
    };
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

/** Refuses the call unless the operator's role is one of `roles` (403 FORBIDDEN). */
export function requireRole(auth: OperatorContext, roles: readonly OperatorRole[]): void {
  if (!roles.includes(auth.role)) throw new AppError('FORBIDDEN', 403);
}
