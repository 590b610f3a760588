import {
  ENROLMENT_LINK_HOURS,
  ENROLMENT_PAGE,
  type EnrolmentLink,
  type OperatorSessions,
  type OperatorSummary,
  type OperatorWithLink,
  type UpdateOperatorRequest,
} from '@member-wallet/contract/backoffice/operator-accounts';
import type { OperatorProfile, OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { type AuditCaller, type AuditLog, auditedChange } from '../../core/operator/audit-log.ts';
import { type FourEyes, grantsMoneyPower } from '../../core/operator/four-eyes.ts';
import { actorOf, type OperatorContext } from '../../core/operator/operator.service.ts';
import type { PendingChanges, Proposal } from '../../core/operator/pending-change.service.ts';
import type { Db } from '../../db/database.ts';
import type { OperatorStatus } from '../../db/tables/operators.table.ts';
import { type Clock, HOUR_MS } from '../../lib/clock.ts';
import { AppError, InvalidTokenError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { newTotpSecret } from '../../lib/totp.ts';
import type { LockedOperator, OperatorAccountsRepository, OperatorListRow } from './operator-accounts.repository.ts';

export interface OperatorAccountsDeps {
  db: Db;
  repository: OperatorAccountsRepository;
  audit: AuditLog;
  secrets: SecretBox;
  clock: Clock;
  fourEyes: FourEyes;
  changes: PendingChanges;
}

/** The role an operator holds until a second admin grants the one asked for: no power over money. */
const ROLE_WHILE_WAITING: OperatorRole = 'support';

export function toOperatorSummary(row: OperatorListRow): OperatorSummary {
  const state = row.status === 'disabled' ? 'disabled' : row.enrolled ? 'active' : 'enrolling';
  return {
    id: String(row.id),
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    state,
    createdAt: row.created_at.toISOString(),
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
    enrolmentExpiresAt: state === 'enrolling' ? (row.enrolment_expires_at?.toISOString() ?? null) : null,
    pendingRole: row.pending_role,
  };
}

/** An admin who can sign in: active and enrolled. The last one may not stop being one. */
function signsInAsAdmin(row: Pick<LockedOperator, 'role' | 'status' | 'enrolled'>): boolean {
  return row.role === 'admin' && row.status === 'active' && row.enrolled;
}

/**
 * The last-admin guard (docs/backoffice/operators.md): a change that turns the only admin able to sign in into
 * anything else is refused, whoever asks. `locked` holds every active admin, locked by this transaction.
 */
function guardLastAdmin(locked: readonly LockedOperator[], target: LockedOperator, after: LockedOperator): void {
  if (!signsInAsAdmin(target) || signsInAsAdmin(after)) return;
  if (locked.filter(signsInAsAdmin).length <= 1) throw new AppError('LAST_ADMIN');
}

/** The caller, re-read under the lock: an admin disabled or demoted meanwhile changes nothing. */
function requireStillAdmin(actor: LockedOperator | undefined): void {
  if (actor?.status !== 'active') throw new InvalidTokenError();
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
}

/** Only the fields that differ, for the audit line's before and after. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Operator accounts from the back-office (issue 24): the admins' list, creation with a one-time enrolment link,
 * role, state and display name changes under the last-admin guard, resets, and every operator's own display name
 * and sessions. Every change and its audit line commit together.
 */
export class OperatorAccountsService {
  constructor(private readonly deps: OperatorAccountsDeps) {}

  async list(): Promise<OperatorSummary[]> {
    return (await this.deps.repository.list()).map(toOperatorSummary);
  }

  async create(
    auth: OperatorContext,
    caller: AuditCaller,
    input: { username: string; role: OperatorRole; displayName?: string | undefined },
  ): Promise<OperatorWithLink> {
    const { repository, fourEyes } = this.deps;
    // A role that approves money is granted by a second admin: until then the operator holds no money power.
    const waits = grantsMoneyPower(ROLE_WHILE_WAITING, input.role);
    return auditedChange(this.deps, caller, async (trx, now) => {
      const displayName = input.displayName ?? null;
      const id = await repository.insert(trx, {
        username: input.username,
        role: waits ? ROLE_WHILE_WAITING : input.role,
        display_name: displayName,
        created_at: now,
      });
      if (id === null) throw new AppError('OPERATOR_EXISTS');
      await fourEyes.recordSponsor(trx, id, auth.operatorId, 'created', now);
      if (waits) {
        const target = { id, username: input.username };
        await this.#askRole(trx, auth, caller, target, ROLE_WHILE_WAITING, input.role, now);
      }
      const enrolment = await this.#newLink(trx, id, auth.operatorId, now);
      const operator = toOperatorSummary(await this.#one(trx, id));
      return {
        audit: {
          action: 'operator.create',
          target: `operator:${id}`,
          after: {
            username: input.username,
            role: waits ? ROLE_WHILE_WAITING : input.role,
            displayName,
            ...(waits ? { pendingRole: input.role } : {}),
          },
        },
        result: { operator, enrolment },
      };
    });
  }

  /**
   * Changes role, state and display name; a role that adds a power to approve money waits for a second admin
   * (`waiting`), while the rest of the change applies at once.
   */
  async update(
    auth: OperatorContext,
    caller: AuditCaller,
    id: bigint,
    patch: UpdateOperatorRequest,
  ): Promise<{ operator: OperatorSummary; waiting: boolean }> {
    const { repository } = this.deps;
    return auditedChange(this.deps, caller, async (trx, now) => {
      const { target, locked } = await this.#lockTarget(trx, auth, id);
      const status: OperatorStatus = patch.active === undefined ? target.status : patch.active ? 'active' : 'disabled';
      const waiting = patch.role !== undefined && grantsMoneyPower(target.role, patch.role);
      const after = {
        ...target,
        role: waiting ? target.role : (patch.role ?? target.role),
        status,
        display_name: patch.displayName === undefined ? target.display_name : patch.displayName,
      };
      guardLastAdmin(locked, target, after);
      requireStillAdmin(locked.find((row) => row.id === auth.operatorId));
      await repository.update(trx, id, { role: after.role, status, display_name: after.display_name });
      if (waiting && patch.role) await this.#askRole(trx, auth, caller, target, target.role, patch.role, now);
      if (status === 'disabled' && target.status !== 'disabled') {
        // Disabled: every session ends now, and a link not yet used stops working.
        await repository.revokeSessions(trx, id, now);
        await repository.voidEnrolments(trx, id, now);
      }
      const fields = (row: typeof after) => ({ role: row.role, status: row.status, displayName: row.display_name });
      return {
        audit: { action: 'operator.update', target: `operator:${id}`, ...changed(fields(target), fields(after)) },
        result: { operator: toOperatorSummary(await this.#one(trx, id)), waiting },
      };
    });
  }

  /** A new enrolment link; the operator's password and authenticator stop working and their sessions end. */
  async reset(auth: OperatorContext, caller: AuditCaller, id: bigint): Promise<OperatorWithLink> {
    const { repository } = this.deps;
    return auditedChange(this.deps, caller, async (trx, now) => {
      const { target, locked } = await this.#lockTarget(trx, auth, id);
      guardLastAdmin(locked, target, { ...target, enrolled: false });
      requireStillAdmin(locked.find((row) => row.id === auth.operatorId));
      await repository.clearCredentials(trx, id);
      await repository.revokeSessions(trx, id, now);
      await repository.voidEnrolments(trx, id, now);
      // Whoever hands over a link could enrol the operator themselves: they are related from now on.
      await this.deps.fourEyes.recordSponsor(trx, id, auth.operatorId, 'link', now);
      const enrolment = await this.#newLink(trx, id, auth.operatorId, now);
      return {
        audit: { action: 'operator.reset', target: `operator:${id}`, after: { expiresAt: enrolment.expiresAt } },
        result: { operator: toOperatorSummary(await this.#one(trx, id)), enrolment },
      };
    });
  }

  /** The calling operator's own display name. */
  async updateMe(auth: OperatorContext, caller: AuditCaller, displayName: string | null): Promise<OperatorProfile> {
    return auditedChange(this.deps, caller, async (trx) => {
      await this.deps.repository.update(trx, auth.operatorId, { display_name: displayName });
      return {
        audit: {
          action: 'operator.update',
          target: `operator:${auth.operatorId}`,
          before: { displayName: auth.displayName },
          after: { displayName },
        },
        result: { id: String(auth.operatorId), username: auth.username, displayName, role: auth.role },
      };
    });
  }

  async sessions(auth: OperatorContext): Promise<OperatorSessions> {
    const rows = await this.deps.repository.liveSessions(auth.operatorId, this.deps.clock.now());
    return {
      sessions: rows.map((row) => ({
        id: String(row.id),
        createdAt: row.created_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
        ip: row.ip,
        userAgent: row.user_agent,
        current: row.id === auth.sessionId,
      })),
    };
  }

  /** Ends one of the caller's own sessions (404 NO_DATA for any other, or one already ended). */
  async endSession(auth: OperatorContext, caller: AuditCaller, sessionId: bigint): Promise<void> {
    await auditedChange(this.deps, caller, async (trx, now) => {
      if (!(await this.deps.repository.revokeOwnSession(trx, auth.operatorId, sessionId, now))) {
        throw new AppError('NO_DATA');
      }
      return {
        audit: {
          action: 'operator.session.end',
          target: `operator:${auth.operatorId}`,
          after: { sessionId: String(sessionId) },
        },
        result: undefined,
      };
    });
  }

  /** A money-approving role asked for an operator: it waits for a second admin (docs/backoffice/four-eyes.md). */
  async #askRole(
    trx: Db,
    auth: OperatorContext,
    caller: AuditCaller,
    target: { id: bigint; username: string },
    from: OperatorRole,
    to: OperatorRole,
    now: Date,
  ): Promise<void> {
    const { id, username } = target;
    const proposal: Proposal = {
      kind: 'operator.role',
      target: `operator:${id}`,
      before: { username, role: from },
      after: { username, role: to },
      tightens: false,
    };
    await this.deps.changes.submit(trx, { actor: actorOf(auth), ip: caller.ip ?? null }, proposal, now);
  }

  async #lockTarget(trx: Db, auth: OperatorContext, id: bigint) {
    const locked = await this.deps.repository.lockForChange(trx, [auth.operatorId, id]);
    const target = locked.find((row) => row.id === id);
    if (!target) throw new AppError('NO_DATA');
    return { target, locked };
  }

  async #one(trx: Db, id: bigint): Promise<OperatorListRow> {
    const row = await this.deps.repository.one(trx, id);
    if (!row) throw new Error(`operator ${id} vanished inside its own transaction`);
    return row;
  }

  /** A link good once for ENROLMENT_LINK_HOURS, handing out a new TOTP secret; only its hash is kept. */
  async #newLink(trx: Db, operatorId: bigint, createdBy: bigint | null, now: Date): Promise<EnrolmentLink> {
    const token = newToken();
    const expiresAt = new Date(now.getTime() + ENROLMENT_LINK_HOURS * HOUR_MS);
    await this.deps.repository.insertEnrolment(trx, {
      operator_id: operatorId,
      token_hash: hashToken(token),
      totp_secret_sealed: this.deps.secrets.seal(newTotpSecret()),
      created_by: createdBy,
      created_at: now,
      expires_at: expiresAt,
    });
    return { link: `${ENROLMENT_PAGE}#${token}`, expiresAt: expiresAt.toISOString() };
  }
}
