import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { auditCsvQuery } from '@member-wallet/contract/backoffice/audit';
import { z } from 'zod/mini';
import type { AuditLog } from '../../core/operator/audit-log.ts';
import type { OperatorRouter } from '../../core/operator/operator-router.ts';
import { csvStream, sendCsv } from '../../lib/csv.ts';

/** The audit export's columns; before and after are the JSON the list answers, as text. */
const CSV_HEADER = ['id', 'at', 'actor', 'action', 'target', 'before', 'after', 'ip'] as const;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** `GET /backoffice/api/audit.csv` (admin): the audit log of the list's filters, newest first, streamed. */
export function auditCsvRoutes(route: OperatorRouter, audit: AuditLog) {
  route({
    method: 'GET',
    url: BACKOFFICE_API.auditCsv,
    auth: true,
    roles: ['admin'],
    summary: 'The audit log of the filters as CSV (UTF-8 with a BOM), newest first, streamed',
    tags: ['backoffice'],
    query: auditCsvQuery,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const rows = csvStream(CSV_HEADER, audit.all(query), (entry) => [
        entry.id,
        entry.at,
        entry.actor,
        entry.action,
        entry.target,
        json(entry.before),
        json(entry.after),
        entry.ip,
      ]);
      // The action names the file only when it is one an action can be (no quotes or line breaks in a header).
      const named = query.action && /^[a-z][a-z0-9_.]{0,63}$/.test(query.action) ? `-${query.action}` : '';
      return sendCsv(reply, `audit${named}.csv`, rows);
    },
  });
}
