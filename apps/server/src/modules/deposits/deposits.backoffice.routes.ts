import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import {
  depositCsvQuery,
  depositPage,
  depositQuery,
  qrCodeCsvQuery,
  qrCodePage,
  qrCodeQuery,
} from '@member-wallet/contract/backoffice/deposits';
import { z } from 'zod/mini';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';
import type { DepositsBackofficeRepository } from './deposits.backoffice.repository.ts';

const tags = ['backoffice'];
const MONEY_ROLES = ['admin', 'finance'] as const;

/** The deposits export's columns: amounts in minor units as the API gives them, times in ISO 8601 (UTC). */
const DEPOSIT_CSV_HEADER = [
  'channel',
  'id',
  'createdAt',
  'source',
  'memberId',
  'memberPhone',
  'memberName',
  'amountMinor',
  'currency',
  'status',
  'reason',
  'entryId',
] as const;

const QR_CSV_HEADER = [
  'id',
  'createdAt',
  'gateway',
  'gatewayReference',
  'memberId',
  'memberPhone',
  'memberName',
  'amountMinor',
  'paidAmountMinor',
  'currency',
  'status',
  'expiresAt',
  'paidAt',
  'entryId',
] as const;

/** Deposits of every channel and QR codes, with their states (docs/backoffice/deposits.md, Deposits and QR codes). */
export function depositsBackofficeRoutes(route: OperatorRouter, repository: DepositsBackofficeRepository) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.deposits,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Deposits of every channel (QR, gift link, bank transfer, slip), newest first, filtered',
    tags,
    query: depositQuery,
    response: depositPage,
    handler: ({ query }) => repository.page(query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.depositsCsv,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Every deposit of the filters as CSV (UTF-8 with a BOM), newest first, streamed',
    tags,
    query: depositCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(DEPOSIT_CSV_HEADER, repository.all(query), (d) => [
        d.channel,
        d.id,
        d.createdAt,
        d.source,
        d.member?.id,
        d.member?.phone,
        d.member?.name,
        d.amountMinor,
        d.currency,
        d.status,
        d.reason,
        d.entryId,
      ]);
      const name = `deposits-${query.channel ?? 'all'}${query.status ? `-${query.status}` : ''}.csv`;
      return sendCsv(reply, name, rows);
    },
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.qrCodes,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'QR codes with their states, asked and paid amounts, newest first, filtered by status and gateway',
    tags,
    query: qrCodeQuery,
    response: qrCodePage,
    handler: ({ query }) => repository.qrPage(query),
  });
  route({
    method: 'GET',
    url: BACKOFFICE_API.qrCodesCsv,
    auth: true,
    roles: MONEY_ROLES,
    summary: 'Every QR code of the filters as CSV (UTF-8 with a BOM), newest first, streamed',
    tags,
    query: qrCodeCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(QR_CSV_HEADER, repository.qrAll(query), (q) => [
        q.id,
        q.createdAt,
        q.gateway,
        q.gatewayReference,
        q.member?.id,
        q.member?.phone,
        q.member?.name,
        q.amountMinor,
        q.paidAmountMinor,
        q.currency,
        q.status,
        q.expiresAt,
        q.paidAt,
        q.entryId,
      ]);
      const name = `qr-codes-${query.gateway ?? 'all'}${query.status ? `-${query.status}` : ''}.csv`;
      return sendCsv(reply, name, rows);
    },
  });
}
