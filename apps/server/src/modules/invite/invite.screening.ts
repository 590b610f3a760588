import type { InviteMatch, InviteReviewStatus } from '@member-wallet/contract/backoffice/invite-reviews';
import { comparableAccountName } from '@member-wallet/contract/rules';

/** What the self-referral screening compares of a member (docs/promotions/invite.md, Links held for review). */
export interface ScreenedMember {
  bank_account_name: string;
  bank_account_no: string;
  registration_ip: string | null;
}

/** An invitee as the screening reads it: `shared_device` when one of the two signed in carrying the other's cookie. */
export interface ScreenedInvitee extends ScreenedMember {
  id: bigint;
  public_id: string;
  shared_device: boolean;
}

export interface LinkReview {
  status: InviteReviewStatus;
  reasons: InviteMatch[];
}

/** Every way the invitee matches the inviter, in the order INVITE_MATCHES lists them. */
export function matchesOf(inviter: ScreenedMember, invitee: ScreenedInvitee): InviteMatch[] {
  const matches: InviteMatch[] = [];
  if (comparableAccountName(invitee.bank_account_name) === comparableAccountName(inviter.bank_account_name)) {
    matches.push('bank_name');
  }
  if (invitee.bank_account_no === inviter.bank_account_no) matches.push('bank_account');
  if (invitee.shared_device) matches.push('device');
  if (invitee.registration_ip !== null && invitee.registration_ip === inviter.registration_ip) matches.push('ip');
  return matches;
}

/**
 * The review a link must have after a screening found `found`, or undefined when it stays as it is. A match holds
 * a link never reviewed; a held link gathers every kind found; a released link is held again only by a kind of
 * match the operator has not seen; a rejected link stays rejected.
 */
export function nextReview(current: LinkReview | undefined, found: readonly InviteMatch[]): LinkReview | undefined {
  if (found.length === 0 || current?.status === 'rejected') return undefined;
  const known = current?.reasons ?? [];
  const added = found.filter((match) => !known.includes(match));
  if (current && added.length === 0) return undefined;
  return { status: 'held', reasons: [...known, ...added] };
}
