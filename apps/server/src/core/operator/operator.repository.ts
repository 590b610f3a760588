import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import type { Db } from '../../db/database.ts';

export interface NewOperatorSession {
  operator_id: bigint;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  ip: string;
  user_agent: string | null;
}

/** Operators and their sessions (migration 0015). */
export class OperatorRepository {
  constructor(private readonly db: Db) {}

  findByUsername(username: string) {
    return this.db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
  }

  async create(
    db: Db,
    operator: {
      username: string;
      role: OperatorRole;
      password_hash: string;
      totp_secret_sealed: string;
      created_at: Date;
    },
  ) {
    return db
      .insertInto('operators')
      .values(operator)
      .onConflict((conflict) => conflict.column('username').doNothing())
      .returning(['id', 'username', 'role'])
      .executeTakeFirst();
  }

  /**
   * Records that `step` signed the operator in, only when it is later than the last one: of two requests with
   * the same code, one wins. Whether this call won.
   */
  async useTotpStep(operatorId: bigint, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('operators')
      .set({ totp_last_step: BigInt(step) })
      .where('id', '=', operatorId)
      .where((where) => where.or([where('totp_last_step', 'is', null), where('totp_last_step', '<', BigInt(step))]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async createSession(session: NewOperatorSession): Promise<void> {
    await this.db.insertInto('operator_sessions').values(session).execute();
  }

  /** A session neither revoked nor expired at `now`, with its operator. */
  findLiveSession(tokenHash: string, now: Date) {
    return this.db
      .selectFrom('operator_sessions')
      .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
      .select([
        'operator_sessions.id as sessionId',
        'operators.id as operatorId',
        'operators.username',
        'operators.display_name as displayName',
        'operators.role',
        'operators.status',
      ])
      .where('operator_sessions.token_hash', '=', tokenHash)
      .where('operator_sessions.revoked_at', 'is', null)
      .where('operator_sessions.expires_at', '>', now)
      .executeTakeFirst();
  }

  async revokeSession(id: bigint, now: Date): Promise<void> {
    await this.db.updateTable('operator_sessions').set({ revoked_at: now }).where('id', '=', id).execute();
  }
}
