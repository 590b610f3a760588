import type {
  BackofficeMember,
  BankAccountsToCheck,
  MemberCsvQuery,
  MemberDetail,
  MemberPage,
  MemberQuery,
} from '@member-wallet/contract/backoffice/members';
import type { AuditLog, OperatorActor } from '../../core/operator/audit-log.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { randomCode } from '../../lib/tokens.ts';
import { bankAccountsToCheck } from './bank-accounts-to-check.ts';
import type { MembersBackofficeRepository } from './members.backoffice.repository.ts';

/** Rows per read of the CSV export. */
const CSV_BATCH = 500;
/** A temporary password: 10 characters that cannot be mistaken for one another when read out. */
const TEMPORARY_PASSWORD_LENGTH = 10;

type MemberRow = NonNullable<Awaited<ReturnType<MembersBackofficeRepository['findByPublicId']>>>;

function toMember(row: MemberRow): BackofficeMember {
  return {
    id: row.public_id,
    phone: row.phone,
    name: row.name,
    bank: { code: row.bank_code, accountNo: row.bank_account_no, accountName: row.bank_account_name },
    currency: row.currency,
    status: row.status,
    walletMinor: String(row.wallet),
    createdAt: row.created_at.toISOString(),
  };
}

export interface MembersBackofficeDeps {
  db: Db;
  repository: MembersBackofficeRepository;
  audit: AuditLog;
  passwords: PasswordHasher;
  clock: Clock;
}

/**
 * Members as operators see and help them (docs/backoffice/members.md, Members): search, a member's page, lock and
 * unlock (a locked member's sessions end at once and sign-in answers INACTIVE_USER), and a password reset that
 * answers a temporary password once. Each change is audited in its own transaction.
 */
export class MembersBackofficeService {
  constructor(private readonly deps: MembersBackofficeDeps) {}

  /** Members by phone, name or bank account, newest first. */
  /** Stored bank accounts that do not fit their bank's length (bank-accounts-to-check.ts). */
  bankAccountsToCheck(): Promise<BankAccountsToCheck> {
    return bankAccountsToCheck(this.deps.db);
  }

  async page(query: MemberQuery): Promise<MemberPage> {
    const { total, rows } = await this.deps.repository.page(query);
    return { total, members: rows.map(toMember) };
  }

  /** Every member of a search, newest first, read a batch at a time (the CSV export). */
  all(query: MemberCsvQuery): AsyncGenerator<BackofficeMember> {
    return byIdDescending((beforeId, size) => this.deps.repository.batch(query, beforeId, size), toMember, CSV_BATCH);
  }

  async detail(publicId: string): Promise<MemberDetail> {
    const { repository } = this.deps;
    const row = await repository.findByPublicId(publicId);
    if (!row) throw new AppError('NO_DATA');
    const [gameAccounts, entries, slips, bonuses] = await Promise.all([
      repository.gameAccounts(row.id),
      repository.entries(row.id),
      repository.slips(row.id),
      repository.bonuses(row.id),
    ]);
    return {
      member: toMember(row),
      gameAccounts: gameAccounts.map((account) => ({
        provider: account.provider_code,
        username: account.username,
        status: account.status,
        createdAt: account.created_at.toISOString(),
      })),
      entries: entries.map((entry) => ({
        id: String(entry.id),
        type: entry.type,
        status: entry.status,
        walletChangeMinor: String(entry.change),
        createdAt: entry.created_at.toISOString(),
      })),
      slips: slips.map((slip) => ({
        id: slip.public_id,
        status: slip.status,
        note: slip.note,
        amountMinor: slip.amount_minor === null ? null : String(slip.amount_minor),
        createdAt: slip.created_at.toISOString(),
      })),
      bonuses: bonuses.map((bonus) => ({
        code: bonus.code,
        status: bonus.status,
        amountMinor: String(bonus.amount_minor),
        activatedAt: bonus.activated_at.toISOString(),
      })),
    };
  }

  /** Locks (`inactive`) or unlocks (`active`); the same state again changes nothing and writes no audit line. */
  async setStatus(publicId: string, status: 'active' | 'inactive', operator: OperatorActor, reason: string | null) {
    const { db, repository, audit, clock } = this.deps;
    const changed = await db.transaction().execute(async (trx) => {
      const member = await repository.selectForUpdate(trx, publicId);
      if (!member) throw new AppError('NO_DATA');
      if (member.status === status) return false;
      const now = clock.now();
      await repository.setStatus(trx, member.id, status, now);
      if (status === 'inactive') await repository.revokeSessions(trx, member.id, now);
      await audit.record(
        trx,
        {
          actor: operator,
          action: status === 'inactive' ? 'member.lock' : 'member.unlock',
          target: `member:${publicId}`,
          before: { status: member.status },
          after: { status, ...(reason ? { reason } : {}) },
        },
        now,
      );
      return true;
    });
    return { member: await this.summary(publicId), changed };
  }

  /** A new password for a member who lost theirs: every session ends; the audit line never holds the password. */
  async resetPassword(publicId: string, operator: OperatorActor): Promise<{ temporaryPassword: string }> {
    const { db, repository, audit, clock, passwords } = this.deps;
    const temporaryPassword = randomCode(TEMPORARY_PASSWORD_LENGTH);
    const passwordHash = await passwords.hash(temporaryPassword);
    await db.transaction().execute(async (trx) => {
      const member = await repository.selectForUpdate(trx, publicId);
      if (!member) throw new AppError('NO_DATA');
      const now = clock.now();
      await repository.setPasswordHash(trx, member.id, passwordHash, now);
      await repository.revokeSessions(trx, member.id, now);
      await audit.record(
        trx,
        {
          actor: operator,
          action: 'member.reset_password',
          target: `member:${publicId}`,
          after: { sessions: 'ended' },
        },
        now,
      );
    });
    return { temporaryPassword };
  }

  private async summary(publicId: string): Promise<BackofficeMember> {
    const row = await this.deps.repository.findByPublicId(publicId);
    if (!row) throw new AppError('NO_DATA');
    return toMember(row);
  }
}
