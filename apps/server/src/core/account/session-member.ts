import { AppError } from '../../lib/errors.ts';
import type { Member } from './account.repository.ts';

/** What a module needs of the members to serve a session: one member by id. */
export interface MemberFinder {
  findById(id: bigint): Promise<Member | undefined>;
}

/**
 * The member of a valid session. The id comes from the session, so the member exists unless it went since the
 * session began: then `NO_USER` (404), as for a member asked for by id.
 */
export async function sessionMember(members: MemberFinder, memberId: bigint): Promise<Member> {
  const member = await members.findById(memberId);
  if (!member) throw new AppError('NO_USER');
  return member;
}
