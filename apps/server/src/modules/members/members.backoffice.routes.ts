import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  bankAccountsToCheck,
  memberCsvQuery,
  memberDetail,
  memberLockRequest,
  memberPage,
  memberPasswordResetResponse,
  memberQuery,
  memberStatusResponse,
} from '@member-wallet/contract/backoffice/members';
import { z } from 'zod/mini';
import { actorOf } from '../../core/operator/operator.service.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/route.ts';
import type { MembersBackofficeService } from './members.backoffice.service.ts';

const tags = ['backoffice'];
const SUPPORT_ROLES = ['admin', 'support'] as const;
const idParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
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

/** Members in the back-office (docs/backoffice/members.md): search, a member's page, lock, unlock, reset. */
export function memberBackofficeRoutes(route: OperatorRouter, members: MembersBackofficeService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.members,
    auth: true,
    roles: 'any',
    summary: 'Members by phone, name or bank account, newest first',
    tags,
    query: memberQuery,
    response: memberPage,
    handler: ({ query }) => members.page(query),
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
  bankAccountsToCheckRoute(route, members);
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
      const rows = csvStream(CSV_HEADER, members.all(query), (m) => [
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

/** Issue 39, finding 3: the stored numbers an operator should look at (docs/backoffice/members.md). */
function bankAccountsToCheckRoute(route: OperatorRouter, members: MembersBackofficeService) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.bankAccountsToCheck,
    auth: true,
    roles: 'any',
    summary: "Stored bank accounts (members', deposit channels') that do not fit their bank's length, oldest first",
    tags,
    response: bankAccountsToCheck,
    handler: () => members.bankAccountsToCheck(),
  });
}
