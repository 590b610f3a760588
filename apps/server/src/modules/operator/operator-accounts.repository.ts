import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { OperatorStatus } from '../../db/tables/operators.table.ts';

/** An operator as the operators screen lists them. */
export interface OperatorListRow {
  id: bigint;
  username: string;
  display_name: string | null;
  role: OperatorRole;
  status: OperatorStatus;
  enrolled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
  enrolment_expires_at: Date | null;
  /** A money-approving role waiting for a second admin (migration 0042). */
  pending_role: OperatorRole | null;
}

/** An operator row locked for a change, with what the last-admin guard reads. */
export interface LockedOperator {
  id: bigint;
  username: string;
  display_name: string | null;
  role: OperatorRole;
  status: OperatorStatus;
  enrolled: boolean;
}

/** Operator accounts' SQL for the operators screen, enrolment and an operator's own sessions (migration 0037). */
export class OperatorAccountsRepository {
  constructor(private readonly db: Db) {}

  #listed(db: Db) {
    return db.selectFrom('operators as o').select((eb) => [
      'o.id',
      'o.username',
      'o.display_name',
      'o.role',
      'o.status',
      'o.created_at',
      eb('o.password_hash', 'is not', null).as('enrolled'),
      eb
        .selectFrom('operator_sessions as s')
        .select((inner) => inner.fn.max('s.created_at').as('at'))
        .whereRef('s.operator_id', '=', 'o.id')
        .as('last_sign_in_at'),
      eb
        .selectFrom('operator_enrolments as e')
        .select((inner) => inner.fn.max('e.expires_at').as('at'))
        .whereRef('e.operator_id', '=', 'o.id')
        .where('e.used_at', 'is', null)
        .where('e.voided_at', 'is', null)
        .as('enrolment_expires_at'),
      eb
        .selectFrom('pending_changes as c')
        .select(sql<OperatorRole>`c.after->>'role'`.as('role'))
        .where('c.kind', '=', 'operator.role')
        .where('c.status', '=', 'pending')
        .where(sql<boolean>`c.target = 'operator:' || o.id`)
        .as('pending_role'),
    ]);
  }

  /** Every operator, admins first, then by username. */
  list(): Promise<OperatorListRow[]> {
    return this.#listed(this.db).orderBy(sql`o.role = 'admin'`, 'desc').orderBy('o.username').execute() as Promise<
      OperatorListRow[]
    >;
  }

  one(db: Db, id: bigint): Promise<OperatorListRow | undefined> {
    return this.#listed(db).where('o.id', '=', id).executeTakeFirst() as Promise<OperatorListRow | undefined>;
  }

  /**
   * Locks, in id order, the given operators and every active admin: two changes that each need the other's row
   * (two admins disabling each other) queue on the first row they share, and the second reads the first's result.
   */
  lockForChange(db: Db, ids: readonly bigint[]): Promise<LockedOperator[]> {
    return db
      .selectFrom('operators')
      .select((eb) => [
        'id',
        'username',
        'display_name',
        'role',
        'status',
        eb('password_hash', 'is not', null).as('enrolled'),
      ])
      .where((eb) => eb.or([eb('id', 'in', ids), eb.and([eb('role', '=', 'admin'), eb('status', '=', 'active')])]))
      .orderBy('id')
      .forUpdate()
      .execute() as Promise<LockedOperator[]>;
  }

  async insert(
    db: Db,
    row: { username: string; role: OperatorRole; display_name: string | null; created_at: Date },
  ): Promise<bigint | null> {
    const inserted = await db
      .insertInto('operators')
      .values({ ...row, password_hash: null, totp_secret_sealed: null })
      .onConflict((conflict) => conflict.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? null;
  }

  async update(
    db: Db,
    id: bigint,
    patch: { role?: OperatorRole; status?: OperatorStatus; display_name?: string | null },
  ): Promise<void> {
    await db.updateTable('operators').set(patch).where('id', '=', id).execute();
  }

  /** Forgets the password and the TOTP secret: the operator waits for enrolment again. */
  async clearCredentials(db: Db, id: bigint): Promise<void> {
    await db
      .updateTable('operators')
      .set({ password_hash: null, totp_secret_sealed: null, totp_last_step: null })
      .where('id', '=', id)
      .execute();
  }

  async setCredentials(
    db: Db,
    id: bigint,
    credentials: { password_hash: string; totp_secret_sealed: string; totp_last_step: bigint },
  ): Promise<void> {
    await db.updateTable('operators').set(credentials).where('id', '=', id).execute();
  }

  /** Ends every live session of the operator. */
  async revokeSessions(db: Db, operatorId: bigint, now: Date): Promise<void> {
    await db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The operator's sessions neither revoked nor expired at `now`, newest first. */
  liveSessions(operatorId: bigint, now: Date) {
    return this.db
      .selectFrom('operator_sessions')
      .select(['id', 'created_at', 'expires_at', 'ip', 'user_agent'])
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .execute();
  }

  /** Ends one of the operator's own live sessions; whether there was one. */
  async revokeOwnSession(db: Db, operatorId: bigint, sessionId: bigint, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('id', '=', sessionId)
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Voids the operator's links still open. */
  async voidEnrolments(db: Db, operatorId: bigint, now: Date): Promise<void> {
    await db
      .updateTable('operator_enrolments')
      .set({ voided_at: now })
      .where('operator_id', '=', operatorId)
      .where('used_at', 'is', null)
      .where('voided_at', 'is', null)
      .execute();
  }

  async insertEnrolment(
    db: Db,
    row: {
      operator_id: bigint;
      token_hash: string;
      totp_secret_sealed: string;
      created_by: bigint | null;
      created_at: Date;
      expires_at: Date;
    },
  ): Promise<void> {
    await db.insertInto('operator_enrolments').values(row).execute();
  }

  /** A link by its token's hash, with its operator; `lock` in a transaction that will use it. */
  enrolment(db: Db, tokenHash: string, lock = false) {
    const query = db
      .selectFrom('operator_enrolments as e')
      .innerJoin('operators as o', 'o.id', 'e.operator_id')
      .select((eb) => [
        'e.created_by',
        eb
          .selectFrom('operators as maker')
          .select('maker.username')
          .whereRef('maker.id', '=', 'e.created_by')
          .as('maker_username'),
        'e.id',
        'e.operator_id',
        'e.totp_secret_sealed',
        'e.expires_at',
        'e.used_at',
        'e.voided_at',
        'o.username',
        'o.display_name',
        'o.role',
      ])
      .where('e.token_hash', '=', tokenHash);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  }

  async markEnrolmentUsed(db: Db, id: bigint, now: Date): Promise<void> {
    await db.updateTable('operator_enrolments').set({ used_at: now }).where('id', '=', id).execute();
  }
}
