import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { settingsBackofficeRoutes } from './settings.backoffice.routes.ts';
import { SettingsBackofficeService } from './settings.backoffice.service.ts';
import { SettingsRepository } from './settings.repository.ts';

/** The member app's site settings in the back-office (docs/backoffice/settings.md). */
export function registerSettings(_app: FastifyInstance, core: Core): void {
  const { db, clock, settings, config } = core;
  const service = new SettingsBackofficeService({
    db,
    clock,
    settings,
    repository: new SettingsRepository(db),
    audit: core.backoffice.audit,
    qrValidityFallback: config.qrExpiryMinutes,
  });
  settingsBackofficeRoutes(core.backoffice.route, service);
}
