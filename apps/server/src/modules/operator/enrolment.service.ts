import type { EnrolmentCompleteRequest, EnrolmentDetails } from '@member-wallet/contract/backoffice/operator-accounts';
import { OPERATOR_PASSWORD_MIN } from '@member-wallet/contract/backoffice/operators';
import QRCode from 'qrcode';
import type { AuditLog } from '../../core/operator/audit-log.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { serverPasswordProblem } from '../../lib/password-policy.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { type RateLimiter, takeHits } from '../../lib/rate-limiter.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { hashToken } from '../../lib/tokens.ts';
import { otpauthUri, verifyTotp } from '../../lib/totp.ts';
import type { OperatorAccountsRepository } from './operator-accounts.repository.ts';

export interface EnrolmentDeps {
  db: Db;
  repository: OperatorAccountsRepository;
  audit: AuditLog;
  secrets: SecretBox;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  clock: Clock;
  issuer: string;
  /** Whose session a request holds, and whose device it is: the link's maker's may not complete it. */
  operators: {
    sessionOperator(authorization: string | undefined): Promise<bigint | null>;
    knownDevice(login: string, cookies: string | undefined): Promise<boolean>;
  };
}

/** What the completing request carries besides its body. */
export interface EnrolmentRequestContext {
  ip: string;
  authorization: string | undefined;
  cookies: string | undefined;
}

type EnrolmentRow = NonNullable<Awaited<ReturnType<OperatorAccountsRepository['enrolment']>>>;

/** A link works once, until it expires, and not after a newer one, a disable or a reset voided it. */
function usable(row: EnrolmentRow | undefined, now: Date): EnrolmentRow {
  if (!row) throw new AppError('ENROLMENT_INVALID');
  if (row.used_at !== null || row.voided_at !== null) throw new AppError('ENROLMENT_USED');
  if (row.expires_at.getTime() <= now.getTime()) throw new AppError('ENROLMENT_EXPIRED');
  return row;
}

/**
 * Enrolment by a one-time link (docs/backoffice/operators.md, Enrolment): the link's page reads the operator and
 * the TOTP secret it hands out, then sets the password and proves the authenticator with a code. Nobody else ever
 * sees the password; the secret is shown only on the link's page. Both calls are open to anyone holding a link, and
 * limited per address.
 */
export class EnrolmentService {
  constructor(private readonly deps: EnrolmentDeps) {}

  async details(token: string, ip: string): Promise<EnrolmentDetails> {
    await this.#limit(ip);
    const { repository, secrets, clock, db, issuer } = this.deps;
    const row = usable(await repository.enrolment(db, hashToken(token)), clock.now());
    const secret = secrets.open(row.totp_secret_sealed);
    const uri = otpauthUri(issuer, row.username, secret);
    return {
      username: row.username,
      displayName: row.display_name,
      role: row.role,
      secret,
      otpauthUri: uri,
      qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      expiresAt: row.expires_at.toISOString(),
    };
  }

  /**
   * Sets the password and the authenticator and uses the link up. The code's step counts as used: the first
   * sign-in takes the next code, as every sign-in takes a code not used before.
   */
  async complete(input: EnrolmentCompleteRequest, request: EnrolmentRequestContext): Promise<void> {
    const { ip } = request;
    await this.#limit(ip);
    const { repository, secrets, clock, db, passwords, audit } = this.deps;
    const tokenHash = hashToken(input.token);
    const row = usable(await repository.enrolment(db, tokenHash), clock.now());
    await this.#refuseMakersBrowser(row, request);
    const problem = serverPasswordProblem(input.password, { min: OPERATOR_PASSWORD_MIN, username: row.username });
    if (problem) throw new AppError(problem, { password: problem });
    const step = verifyTotp(secrets.open(row.totp_secret_sealed), input.totp, clock.now().getTime(), null);
    if (step === null) throw new AppError('ENROLMENT_CODE_WRONG', { totp: 'KEY_INVALID' });
    const passwordHash = await passwords.hash(input.password);
    await transactionWithRetry(db, async (trx) => {
      const now = clock.now();
      // Again under the link's lock: of two completions of one link, one wins.
      const locked = usable(await repository.enrolment(trx, tokenHash, true), now);
      await repository.markEnrolmentUsed(trx, locked.id, now);
      await repository.voidEnrolments(trx, locked.operator_id, now);
      await repository.setCredentials(trx, locked.operator_id, {
        password_hash: passwordHash,
        totp_secret_sealed: locked.totp_secret_sealed,
        totp_last_step: BigInt(step),
      });
      await repository.revokeSessions(trx, locked.operator_id, now);
      await audit.record(
        trx,
        {
          actor: { operatorId: locked.operator_id, username: locked.username },
          action: 'operator.enrol',
          target: `operator:${locked.operator_id}`,
          ip,
        },
        now,
      );
    });
  }

  /**
   * The admin who made the link hands it over; they do not enrol the operator themselves (docs/backoffice/four-eyes.md):
   * a request carrying their live session or their signed-in device's cookie is refused, 403 ENROLMENT_OWN_DEVICE.
   */
  async #refuseMakersBrowser(row: EnrolmentRow, request: EnrolmentRequestContext): Promise<void> {
    if (row.created_by === null || row.maker_username === null) return;
    const { operators } = this.deps;
    const sessionOf = await operators.sessionOperator(request.authorization);
    const makersDevice = await operators.knownDevice(row.maker_username, request.cookies);
    if (sessionOf === row.created_by || makersDevice) throw new AppError('ENROLMENT_OWN_DEVICE');
  }

  /** 20 calls a minute per address: a link is 256 random bits, but nobody gets to try many. */
  #limit(ip: string): Promise<void> {
    return takeHits(this.deps.limiter, [
      { key: `enrol:ip:1m:${ip}`, max: 20, windowMs: MINUTE_MS, code: 'REQUEST_LIMIT_1MIN' },
    ]);
  }
}
