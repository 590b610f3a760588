import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  type BackofficeMember,
  type MemberDetail,
  memberCsvQuery,
  memberDetail,
  memberLockRequest,
  memberPage,
  memberPasswordResetResponse,
  memberQuery,
  memberStatusResponse,
} from '@member-wallet/contract/backoffice/members';
import { z } from 'zod/mini';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { byIdDescending } from '../../lib/keyset.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { parseInput } from '../../lib/route.ts';
import { randomCode } from '../../lib/tokens.ts';
import type { AuditLog, OperatorActor } from '../operator/audit-log.ts';
import { actorOf } from '../operator/operator.service.ts';
import type { OperatorRouter } from '../operator/operator-router.ts';
import type { MembersBackofficeRepository } from './members.backoffice.repository.ts';

const tags = ['backoffice'];
const SUPPORT_ROLES = ['admin', 'support'] as const;
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
/** Rows per read of the CSV export. */
const CSV_BATCH = 500;
/** The CSV export's columns: the balance in minor units, times in ISO 8601 (UTC). */
const CSV_HEADER = [
  'id',
  'createdAt',
  'phone',
  'name',
  'status',
  'currency',
  'walletMinor',
  'bankCode',
  'bankAccountNo',
  'bankAccountName',
] as const;
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

/** Every member of a search, newest first, read a batch at a time. */
function allMembers(repository: MembersBackofficeRepository, query: { q?: string | undefined }) {
  return byIdDescending((beforeId, size) => repository.batch(query, beforeId, size), toMember, CSV_BATCH);
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
export class MembersBackoffice {
  constructor(private readonly deps: MembersBackofficeDeps) {}

  async detail(publicId: string): Promise<MemberDetail> {
    const { repository } = this.deps;
    const row = await repository.findByPublicId(publicId);
    if (!row) throw new AppError('NO_DATA', 404);
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
      if (!member) throw new AppError('NO_DATA', 404);
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
      if (!member) throw new AppError('NO_DATA', 404);
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
    if (!row) throw new AppError('NO_DATA', 404);
    return toMember(row);
  }
}

export function memberBackofficeRoutes(
  route: OperatorRouter,
  members: MembersBackoffice,
  repository: MembersBackofficeRepository,
) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.members,
    auth: true,
    roles: 'any',
    summary: 'Members by phone, name or bank account, newest first',
    tags,
    query: memberQuery,
    response: memberPage,
    handler: async ({ query }) => {
      const { total, rows } = await repository.page(query);
      return { total, members: rows.map(toMember) };
    },
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.member,
    auth: true,
    roles: 'any',
    summary: "A member's page: wallet, game accounts, latest ledger entries, slips and bonuses",
    tags,
    response: memberDetail,
    handler: ({ request }) => members.detail(parseInput(idParams, request.params).id),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.memberLock,
    auth: true,
    roles: SUPPORT_ROLES,
    summary: 'Lock a member: sign-in refused, sessions ended at once',
    tags,
    body: memberLockRequest,
    response: memberStatusResponse,
    handler: ({ request, auth, body }) =>
      members.setStatus(parseInput(idParams, request.params).id, 'inactive', actorOf(auth), body.reason),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.memberUnlock,
    auth: true,
    roles: SUPPORT_ROLES,
    summary: 'Unlock a member',
    tags,
    response: memberStatusResponse,
    handler: ({ request, auth }) =>
      members.setStatus(parseInput(idParams, request.params).id, 'active', actorOf(auth), null),
  });
  route({
    method: 'POST',
    url: BACKOFFICE_API.memberResetPassword,
    auth: true,
    roles: SUPPORT_ROLES,
    summary: 'Give a member a temporary password, shown once; every session of the member ends',
    tags,
    response: memberPasswordResetResponse,
    handler: ({ request, auth }) => members.resetPassword(parseInput(idParams, request.params).id, actorOf(auth)),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.membersCsv,
    auth: true,
    roles: 'any',
    summary: 'Every member of the search as CSV (UTF-8 with a BOM), newest first, streamed',
    tags,
    query: memberCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(CSV_HEADER, allMembers(repository, query), (m) => [
        m.id,
        m.createdAt,
        m.phone,
        m.name,
        m.status,
        m.currency,
        m.walletMinor,
        m.bank.code,
        m.bank.accountNo,
        m.bank.accountName,
      ]);
      return sendCsv(reply, 'members.csv', rows);
    },
  });
}
