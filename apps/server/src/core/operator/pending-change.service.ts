import type {
  PendingChange,
  PendingChangeKind,
  PendingChangeStatus,
} from '@member-wallet/contract/backoffice/pending-changes';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditChange, AuditRecorder, OperatorActor } from './audit-log.ts';
import type { FourEyes } from './four-eyes.ts';
import type { PendingChangeRepository, PendingChangeRow, ShownChange } from './pending-change.repository.ts';

/** What a kind of change does once a second admin approves it (or at once, when it only tightens). */
export interface ChangeKindHandler {
  /** Refuses a value past the deployment's ceilings: 400 CEILING_EXCEEDED naming the field. */
  checkCeiling(after: unknown): void;
  /** Applies the change in the deciding transaction; answers the audit line of the target itself. */
  apply(trx: Db, change: PendingChangeRow, now: Date): Promise<AuditChange>;
  /** A further rule on who may approve it (a role grant: nobody related to the operator it is granted to). */
  assertApprover?(trx: Db, approverId: bigint, change: PendingChangeRow): Promise<void>;
}

/** A change as its proposer asks it: `tightens` when it can only make money wait more (applied at once). */
export interface Proposal {
  kind: PendingChangeKind;
  target: string;
  before: unknown;
  after: unknown;
  tightens: boolean;
}

/** Who proposes or decides: a signed-in operator and their address. */
export interface ChangeCaller {
  actor: OperatorActor;
  ip?: string | null;
}

export function toPendingChange(row: ShownChange): PendingChange {
  return {
    id: String(row.id),
    kind: row.kind,
    target: row.target,
    before: row.before,
    after: row.after,
    status: row.status,
    proposedBy: row.proposer,
    proposedAt: row.proposed_at.toISOString(),
    decidedBy: row.decider,
    decidedAt: row.decided_at?.toISOString() ?? null,
    rejectReason: row.reject_reason,
  };
}

export interface PendingChangesDeps {
  db: Db;
  clock: Clock;
  audit: AuditRecorder;
  repository: PendingChangeRepository;
  fourEyes: FourEyes;
}

/**
 * Changes that wait for a second admin (docs/backoffice/four-eyes.md): a money-bounding setting raised, a
 * money-approving role granted, a reward's terms that could pay more. Each kind is defined by the module that owns its target. A proposal, an approval
 * (the change applied with it) and a rejection each commit with their audit lines; the proposer never decides, and
 * of two admins deciding at once the second reads the first's decision under the change's lock (409 CHANGE_DECIDED).
 */
export class PendingChanges {
  readonly #kinds = new Map<PendingChangeKind, ChangeKindHandler>();

  constructor(private readonly deps: PendingChangesDeps) {}

  define(kind: PendingChangeKind, handler: ChangeKindHandler): void {
    this.#kinds.set(kind, handler);
  }

  /**
   * In the caller's transaction: checks the ceiling, then applies a tightening at once or stores the change to wait.
   * Another change of the same target waiting already: 409 CHANGE_PENDING (it is decided first).
   */
  async submit(trx: Db, caller: ChangeCaller, proposal: Proposal, now: Date): Promise<PendingChangeRow> {
    const { repository, audit } = this.deps;
    const handler = this.#handler(proposal.kind);
    handler.checkCeiling(proposal.after);
    if (await repository.pendingOf(trx, proposal.target)) throw new AppError('CHANGE_PENDING');
    const row = await repository.insert(trx, {
      kind: proposal.kind,
      target: proposal.target,
      before: JSON.stringify(proposal.before),
      after: JSON.stringify(proposal.after),
      status: proposal.tightens ? 'applied' : 'pending',
      proposed_by: caller.actor.operatorId,
      proposed_at: now,
      decided_at: proposal.tightens ? now : null,
    });
    if (!row) throw new AppError('CHANGE_PENDING');
    const line = { before: proposal.before, after: proposal.after, ...caller };
    if (proposal.tightens) {
      await audit.record(trx, { ...(await handler.apply(trx, row, now)), ...caller }, now);
      await audit.record(trx, { action: 'change.apply', target: `pending-change:${row.id}`, ...line }, now);
    } else {
      await audit.record(trx, { action: 'change.propose', target: `pending-change:${row.id}`, ...line }, now);
    }
    return row;
  }

  /** A second admin approves: checked again against the ceiling, applied with its audit lines, once. */
  async approve(id: bigint, caller: ChangeCaller): Promise<PendingChange> {
    const { db, clock, repository, audit, fourEyes } = this.deps;
    await transactionWithRetry(db, async (trx) => {
      await fourEyes.lockApprover(trx, caller.actor.operatorId, ['admin']);
      const change = await this.#lockPending(trx, id, caller);
      await fourEyes.assertUnrelated(trx, caller.actor.operatorId, change.proposed_by);
      const handler = this.#handler(change.kind);
      await handler.assertApprover?.(trx, caller.actor.operatorId, change);
      handler.checkCeiling(change.after);
      const now = clock.now();
      await audit.record(trx, { ...(await handler.apply(trx, change, now)), ...caller }, now);
      await repository.decide(trx, id, {
        status: 'applied',
        decided_by: caller.actor.operatorId,
        decided_at: now,
        reject_reason: null,
      });
      await audit.record(trx, { action: 'change.approve', target: `pending-change:${id}`, ...caller }, now);
    });
    return this.one(id);
  }

  /** A second admin rejects, with a reason: nothing changes. */
  async reject(id: bigint, caller: ChangeCaller, reason: string): Promise<PendingChange> {
    const { db, clock, repository, audit } = this.deps;
    await transactionWithRetry(db, async (trx) => {
      await this.#lockPending(trx, id, caller);
      const now = clock.now();
      await repository.decide(trx, id, {
        status: 'rejected',
        decided_by: caller.actor.operatorId,
        decided_at: now,
        reject_reason: reason,
      });
      const after = { reason };
      await audit.record(trx, { action: 'change.reject', target: `pending-change:${id}`, after, ...caller }, now);
    });
    return this.one(id);
  }

  /**
   * Its proposer withdraws a change that waits: nothing changes, and the target is free for another change (a
   * tightening the waiting loosening would otherwise hold back, 409 CHANGE_PENDING). Anyone else: 403 FORBIDDEN.
   */
  async withdraw(id: bigint, caller: ChangeCaller): Promise<PendingChange> {
    const { db, clock, repository, audit } = this.deps;
    await transactionWithRetry(db, async (trx) => {
      const change = await repository.lock(trx, id);
      if (!change) throw new AppError('NO_DATA');
      if (change.proposed_by !== caller.actor.operatorId) throw new AppError('FORBIDDEN');
      if (change.status !== 'pending') throw new AppError('CHANGE_DECIDED');
      const now = clock.now();
      await repository.decide(trx, id, {
        status: 'withdrawn',
        decided_by: caller.actor.operatorId,
        decided_at: now,
        reject_reason: null,
      });
      await audit.record(trx, { action: 'change.withdraw', target: `pending-change:${id}`, ...caller }, now);
    });
    return this.one(id);
  }

  async list(status: PendingChangeStatus, targetPrefix?: string): Promise<PendingChange[]> {
    return (await this.deps.repository.list(this.deps.db, status, targetPrefix)).map(toPendingChange);
  }

  async one(id: bigint, db: Db = this.deps.db): Promise<PendingChange> {
    const row = await this.deps.repository.one(db, id);
    if (!row) throw new AppError('NO_DATA');
    return toPendingChange(row);
  }

  /** The change locked, still pending (409 CHANGE_DECIDED), and not the caller's own (409 CHANGE_OWN). */
  async #lockPending(trx: Db, id: bigint, caller: ChangeCaller): Promise<PendingChangeRow> {
    const change = await this.deps.repository.lock(trx, id);
    if (!change) throw new AppError('NO_DATA');
    if (change.status !== 'pending') throw new AppError('CHANGE_DECIDED');
    if (change.proposed_by === caller.actor.operatorId) throw new AppError('CHANGE_OWN');
    return change;
  }

  #handler(kind: PendingChangeKind): ChangeKindHandler {
    const handler = this.#kinds.get(kind);
    if (!handler) throw new Error(`no handler defined for the change kind ${kind}`);
    return handler;
  }
}
