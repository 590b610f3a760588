import type { FastifyInstance } from 'fastify';
import { SettingsRepository } from '../../core/settings/settings.repository.ts';
import type { Core } from '../../core.ts';
import { settingsBackofficeRoutes } from './settings.backoffice.routes.ts';
import { SettingsBackofficeService } from './settings.backoffice.service.ts';
import { MoneySettings } from './settings.four-eyes.ts';

export { readBanners, seedBanners } from './settings.banners.ts';

/**
 * The member app's site settings in the back-office (docs/backoffice/settings.md); those that bound money change
 * only with a second admin (docs/backoffice/four-eyes.md).
 */
export function registerSettings(
  _app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db' | 'settings'>,
): void {
  const { db, clock, settings, config } = core;
  const { changes } = core.backoffice;
  const repository = new SettingsRepository(db);
  const service = new SettingsBackofficeService({
    db,
    clock,
    settings,
    repository,
    audit: core.backoffice.audit,
    qrValidityFallback: config.qr.expiryMinutes,
    ceilings: config.ceilings,
    changes,
  });
  const money = new MoneySettings({ db, clock, repository, changes, ceilings: config.ceilings });
  settingsBackofficeRoutes(core.backoffice.route, service, { settings: money, changes });
}
