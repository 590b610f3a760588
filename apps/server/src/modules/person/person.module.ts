import type { FastifyInstance } from 'fastify';
import { PersonRepository } from '../../core/person/person.repository.ts';
import type { Core } from '../../core.ts';
import { PersonBackofficeRepository } from './person.backoffice.repository.ts';
import { personMatchRoutes } from './person.backoffice.routes.ts';
import { PersonBackofficeService } from './person.backoffice.service.ts';

/**
 * The operators' side of one person behind the accounts (docs/backoffice/person-matches.md): the "possible same
 * person" queue. The screening of registrations and sign-ins is the Core's (`core.people`).
 */
export function registerPeople(_app: FastifyInstance, core: Pick<Core, 'backoffice' | 'clock' | 'db'>): void {
  const service = new PersonBackofficeService({
    db: core.db,
    repository: new PersonBackofficeRepository(),
    people: new PersonRepository(),
    audit: core.backoffice.audit,
    clock: core.clock,
  });
  personMatchRoutes(core.backoffice.route, service);
}
