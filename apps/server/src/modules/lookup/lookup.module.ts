import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { LookupRepository } from './lookup.repository.ts';
import { lookupRoutes, type WithdrawLimitsSource } from './lookup.routes.ts';
import { LookupService } from './lookup.service.ts';

export type { LookupService } from './lookup.service.ts';

/** The reference data the app reads before and after sign-in (spec: lookups): banks, site flags, limits. */
export function registerLookup(
  _app: FastifyInstance,
  core: Pick<Core, 'config' | 'db' | 'route' | 'sandboxAdapters' | 'settings'>,
  deps: { withdrawals: WithdrawLimitsSource },
) {
  const { config, settings } = core;
  const lookup = new LookupService(new LookupRepository(core.db), settings, config.country);
  lookupRoutes(core.route, lookup, settings, config.country, deps.withdrawals, () => core.sandboxAdapters.active());
  return lookup;
}
