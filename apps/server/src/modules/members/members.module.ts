import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { MembersBackofficeRepository } from './members.backoffice.repository.ts';
import { memberBackofficeRoutes } from './members.backoffice.routes.ts';
import { MembersBackofficeService } from './members.backoffice.service.ts';

/** Members as operators see and help them (docs/backoffice/members.md). */
export function registerMembers(
  _app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'db' | 'passwords'>,
): void {
  const { db, clock, passwords } = core;
  const members = new MembersBackofficeService({
    db,
    repository: new MembersBackofficeRepository(db),
    audit: core.backoffice.audit,
    passwords,
    clock,
  });
  memberBackofficeRoutes(core.backoffice.route, members);
}
