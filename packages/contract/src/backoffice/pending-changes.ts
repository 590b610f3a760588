import { z } from 'zod/mini';
import { reviewReason } from './common.ts';
import { siteSettingsResponse } from './settings.ts';

// Changes that wait for a second admin (issue 39, finding 1; docs/backoffice/four-eyes.md): a setting that bounds
// money raised, and a role that approves money granted.

/**
 * `settings.adjustment`, `settings.withdraw`: a money-bounding setting; `operator.role`: a money-approving role;
 * `promotions.*`: a reward's terms (a bonus definition or promotion code, the invite or refund programme, the wheel).
 */
export const PENDING_CHANGE_KINDS = [
  'settings.adjustment',
  'settings.withdraw',
  'operator.role',
  'promotions.bonus',
  'promotions.invite',
  'promotions.refund',
  'promotions.spin',
] as const;
export type PendingChangeKind = (typeof PENDING_CHANGE_KINDS)[number];

/**
 * `pending`: waits for a second admin; `applied` (at once when it only tightens, else on approval); `rejected` by
 * another admin; `withdrawn` by its proposer while it waited.
 */
export const PENDING_CHANGE_STATUSES = ['pending', 'applied', 'rejected', 'withdrawn'] as const;
export type PendingChangeStatus = (typeof PENDING_CHANGE_STATUSES)[number];

export const pendingChange = z.object({
  id: z.string(),
  kind: z.enum(PENDING_CHANGE_KINDS),
  /** What it changes, as the audit log names it: `setting:adjustment:BAHT`, `operator:7`. */
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  status: z.enum(PENDING_CHANGE_STATUSES),
  proposedBy: z.string(),
  proposedAt: z.string(),
  /** The second admin (the proposer, for a withdrawn change); null while pending, and for one applied at once. */
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  rejectReason: z.nullable(z.string()),
});
export type PendingChange = z.infer<typeof pendingChange>;

/** `GET /backoffice/api/pending-changes?status`: newest first, at most 200 (pending by default). */
export const pendingChangeQuery = z.object({ status: z._default(z.enum(PENDING_CHANGE_STATUSES), 'pending') });
export type PendingChangeQuery = z.infer<typeof pendingChangeQuery>;
export const pendingChangeList = z.object({ changes: z.array(pendingChange) });
export type PendingChangeList = z.infer<typeof pendingChangeList>;

/** `POST …/pending-changes/:id/reject`. */
export const pendingChangeRejectRequest = z.object({ reason: reviewReason });
export type PendingChangeRejectRequest = z.infer<typeof pendingChangeRejectRequest>;

/** Approve, reject and withdraw answer the change as it now is. */
export const pendingChangeResponse = z.object({ change: pendingChange });
export type PendingChangeResponse = z.infer<typeof pendingChangeResponse>;

/**
 * A money-bounding setting's PUT: 202 with the change waiting for a second admin, or 200 when it only tightens and
 * applied at once; both with the settings as they now are.
 */
export const settingChangeResponse = z.object({ change: pendingChange, settings: siteSettingsResponse });
export type SettingChangeResponse = z.infer<typeof settingChangeResponse>;
