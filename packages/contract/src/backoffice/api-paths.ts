// The operators' API paths; each area's schemas are in the files beside this one (docs/backoffice/).

/**
 * The operators' API (issue 7, docs/backoffice/README.md), under `/backoffice/api`. Operators sign in with a username,
 * a password and a TOTP code, and hold a token of their own: a member's token is refused by every operator
 * endpoint and an operator's by every member endpoint.
 */
export const BACKOFFICE_API = {
  login: '/backoffice/api/auth/login',
  logout: '/backoffice/api/auth/logout',
  me: '/backoffice/api/auth/me',
  /** The caller's own signed-in devices (operator-accounts.ts), and ending one of them. */
  sessions: '/backoffice/api/auth/sessions',
  session: '/backoffice/api/auth/sessions/:id',
  /** Enrolment by a one-time link, without a session: what the link shows, then the password and first code. */
  enrolment: '/backoffice/api/auth/enrolment',
  enrolmentComplete: '/backoffice/api/auth/enrolment/complete',
  /** Operator accounts (admins only, docs/backoffice/operators.md): list and create, change, reset. */
  operators: '/backoffice/api/operators',
  operator: '/backoffice/api/operators/:id',
  operatorReset: '/backoffice/api/operators/:id/reset',
  audit: '/backoffice/api/audit',
  dashboard: '/backoffice/api/dashboard',
  members: '/backoffice/api/members',
  member: '/backoffice/api/members/:id',
  memberLock: '/backoffice/api/members/:id/lock',
  memberUnlock: '/backoffice/api/members/:id/unlock',
  memberResetPassword: '/backoffice/api/members/:id/reset-password',
  /**
   * Stored bank accounts (members', operators' deposit channels) that do not fit their bank's length, stored before
   * it was checked (issue 39, finding 3; docs/backoffice/members.md, Bank account numbers to check). Read-only.
   */
  bankAccountsToCheck: '/backoffice/api/bank-accounts-to-check',
  /** A member's safer play (issue 23): limits, reality check, block, history. Read-only for every role. */
  memberSaferPlay: '/backoffice/api/members/:id/safer-play',
  /** Members the watch rules raised (`state` open or closed), and closing one with a note. */
  watchList: '/backoffice/api/watch-list',
  watchListClose: '/backoffice/api/watch-list/:id/close',
  withdrawals: '/backoffice/api/withdrawals',
  /** Every withdrawal of the same filters as `withdrawals`, as CSV (UTF-8 with a BOM, for Excel). */
  withdrawalsCsv: '/backoffice/api/withdrawals.csv',
  /** Route patterns: the client fills `:id` with `backofficePath`. */
  withdrawalApprove: '/backoffice/api/withdrawals/:id/approve',
  withdrawalReject: '/backoffice/api/withdrawals/:id/reject',
  /** The member app's site settings (docs/backoffice/settings.md): read all, change one part at a time. */
  settings: '/backoffice/api/settings',
  settingsFlags: '/backoffice/api/settings/flags',
  /** `:key` one of SETTING_TEXT_KEYS, `:locale` one of LOCALES: fill with `settingsPath`. */
  settingsText: '/backoffice/api/settings/texts/:key/:locale',
  settingsHowto: '/backoffice/api/settings/howto',
  /** `:currency` one of LAOS_CURRENCIES: fill with `settingsPath`. */
  settingsWithdraw: '/backoffice/api/settings/withdraw/:currency',
  settingsSlipWindow: '/backoffice/api/settings/slip-window',
  settingsQrValidity: '/backoffice/api/settings/qr-validity',
  /** Promotions (docs/backoffice/promotions.md): bonus definitions and promotion codes (table `bonuses`). */
  bonusList: '/backoffice/api/bonuses',
  /** Every definition of the `kind` filter as CSV. */
  bonusesCsv: '/backoffice/api/bonuses.csv',
  /** `:code` the bonus's code: fill with `settingsPath`. */
  bonusUpdate: '/backoffice/api/bonuses/:code',
  inviteSettings: '/backoffice/api/promotions/invite',
  refundSettings: '/backoffice/api/promotions/refund',
  spinSettings: '/backoffice/api/promotions/spin',
  banners: '/backoffice/api/promotions/banners',
  /** `:programme` invite or refund, `:locale` one of LOCALES: fill with `settingsPath`. */
  bannersUpdate: '/backoffice/api/promotions/banners/:programme/:locale',
  /** Multipart, the picture in the field `file`: PNG, JPEG or WebP, at most MEDIA_BYTES_MAX. */
  mediaUpload: '/backoffice/api/media',
  /** Every member of the same search as `members`, as CSV. */
  membersCsv: '/backoffice/api/members.csv',
  /** Manual adjustments (docs/backoffice/members.md): ask for one on a member, list, approve or reject. */
  memberAdjustments: '/backoffice/api/members/:id/adjustments',
  adjustments: '/backoffice/api/adjustments',
  adjustmentsCsv: '/backoffice/api/adjustments.csv',
  adjustmentApprove: '/backoffice/api/adjustments/:id/approve',
  adjustmentReject: '/backoffice/api/adjustments/:id/reject',
  /** `:currency` one of LAOS_CURRENCIES: fill with `settingsPath`. */
  settingsAdjustment: '/backoffice/api/settings/adjustment/:currency',
  /**
   * Changes waiting for a second admin (pending-changes.ts, docs/backoffice/four-eyes.md): money-bounding settings
   * raised and money-approving roles granted; list, approve, reject.
   */
  pendingChanges: '/backoffice/api/pending-changes',
  pendingChangeApprove: '/backoffice/api/pending-changes/:id/approve',
  pendingChangeReject: '/backoffice/api/pending-changes/:id/reject',
  pendingChangeWithdraw: '/backoffice/api/pending-changes/:id/withdraw',
  /** Invite links held for review (docs/backoffice/invite-reviews.md): list, export, release or reject; `:id` the invitee's. */
  inviteReviews: '/backoffice/api/invite-reviews',
  inviteReviewsCsv: '/backoffice/api/invite-reviews.csv',
  inviteReviewRelease: '/backoffice/api/invite-reviews/:id/release',
  inviteReviewReject: '/backoffice/api/invite-reviews/:id/reject',
  /**
   * Bank account name changes a member asked for that are not a spelling of the same name
   * (docs/backoffice/bank-name-changes.md): list, export, approve or reject; `:id` the request's.
   */
  bankNameChanges: '/backoffice/api/bank-name-changes',
  bankNameChangesCsv: '/backoffice/api/bank-name-changes.csv',
  bankNameChangeApprove: '/backoffice/api/bank-name-changes/:id/approve',
  bankNameChangeReject: '/backoffice/api/bank-name-changes/:id/reject',
  personMatches: '/backoffice/api/person-matches',
  personMatchesCsv: '/backoffice/api/person-matches.csv',
  personMatchDecide: '/backoffice/api/person-matches/:id/decide',
  /** Bank transfers in suspense (docs/backoffice/deposits.md): list, export, assign to a member, refund to the sender. */
  bankTransfers: '/backoffice/api/bank-transfers',
  bankTransfersCsv: '/backoffice/api/bank-transfers.csv',
  bankTransferAssign: '/backoffice/api/bank-transfers/:id/assign',
  bankTransferRefund: '/backoffice/api/bank-transfers/:id/refund',
  /** Slips refused with a verified amount (NOT_MATCH, EXPIRED_SLIP): list, export, credit, dismiss. */
  slips: '/backoffice/api/slips',
  slipsCsv: '/backoffice/api/slips.csv',
  slipCredit: '/backoffice/api/slips/:id/credit',
  slipDismiss: '/backoffice/api/slips/:id/dismiss',
  /**
   * Statement files (docs/backoffice/statement-import.md): the operator bank accounts and their layouts; a
   * preview of a file (multipart: `accountNo`, `format`, the file in `file`), then its import (the same and the
   * preview's `fileSha256`).
   */
  statementAccounts: '/backoffice/api/statement-imports/accounts',
  statementPreview: '/backoffice/api/statement-imports/preview',
  statementImport: '/backoffice/api/statement-imports',
  /** Every deposit the member app can make, of every channel, with its state (docs/backoffice/deposits.md). */
  deposits: '/backoffice/api/deposits',
  depositsCsv: '/backoffice/api/deposits.csv',
  /** QR codes with their states, the asked and paid amounts, the gateway and the expiry. */
  qrCodes: '/backoffice/api/qr-codes',
  qrCodesCsv: '/backoffice/api/qr-codes.csv',
  /** The audit log of the same filters as `audit`, as CSV. */
  auditCsv: '/backoffice/api/audit.csv',
  /** Whether sandbox mode is on: always served, so the app knows whether to show the sandbox screen. */
  sandbox: '/backoffice/api/sandbox',
  /** SANDBOX ONLY (404 otherwise): `:id` is our qrcodeId; the sandbox gateway pays it and sends its webhook. */
  sandboxQrPay: '/backoffice/api/sandbox/qr/:id/pay',
  /** SANDBOX ONLY: a transfer arrives in the sandbox bank feed (the matcher picks it up). */
  sandboxBankTransfers: '/backoffice/api/sandbox/bank-transfers',
  /** SANDBOX ONLY: every sandbox party's faults; `:party` one of SANDBOX_PARTIES (fill with `settingsPath`). */
  sandboxFaults: '/backoffice/api/sandbox/faults',
  sandboxPartyFaults: '/backoffice/api/sandbox/faults/:party',
} as const;

/** A route pattern of BACKOFFICE_API with its `:id` filled in. */
export function backofficePath(pattern: string, id: string): string {
  return pattern.replace(':id', encodeURIComponent(id));
}

/** A route pattern of BACKOFFICE_API with its named parts (`:key`, `:locale`, `:currency`) filled in. */
export function settingsPath(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (part, name: string) =>
    name in params ? encodeURIComponent(params[name] as string) : part,
  );
}
