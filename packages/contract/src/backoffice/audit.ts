import { z } from 'zod/mini';
import { pageQuery } from './common.ts';

// The audit log and its export (docs/backoffice/README.md, The audit log and The audit export).

export const auditEntry = z.object({
  id: z.string(),
  /** The operator's username, `cli` for the command line, `system` for the server itself. */
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.nullable(z.string()),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.extend(pageQuery, {
  action: z.optional(z.string().check(z.maxLength(64))),
  actor: z.optional(z.string().check(z.maxLength(32))),
  /** What was acted on, exactly: `operator:3` is everything done to operator 3. */
  target: z.optional(z.string().check(z.maxLength(80))),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({ total: z.int(), entries: z.array(auditEntry) });
export type AuditPage = z.infer<typeof auditPage>;

/** The audit CSV takes the list's filters, without pages. */
export const auditCsvQuery = z.object({
  action: z.optional(z.string().check(z.maxLength(64))),
  actor: z.optional(z.string().check(z.maxLength(32))),
  target: z.optional(z.string().check(z.maxLength(80))),
});
export type AuditCsvQuery = z.infer<typeof auditCsvQuery>;
