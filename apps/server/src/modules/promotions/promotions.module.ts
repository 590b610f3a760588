import type { FastifyInstance } from 'fastify';
import { SettingsRepository } from '../../core/settings/settings.repository.ts';
import type { Core } from '../../core.ts';
import type { Uploads } from '../uploads/uploads.module.ts';
import { mediaBackofficeRoutes } from './media.backoffice.routes.ts';
import { MediaBackofficeService } from './media.backoffice.service.ts';
import { PromotionsBackofficeRepository } from './promotions.backoffice.repository.ts';
import { promotionsBackofficeRoutes } from './promotions.backoffice.routes.ts';
import { PromotionsBackofficeService } from './promotions.backoffice.service.ts';
import { PromotionSettingsService } from './promotions.settings.service.ts';

export interface PromotionsDeps {
  /** The uploads: the promotion pictures go in the `media` folder. */
  uploads: Pick<Uploads, 'store'>;
}

/**
 * Promotions in the back-office (docs/backoffice/promotions.md): bonus definitions and promotion codes, the
 * invite and refund programmes, the wheel, the banners, and the uploaded pictures banners show. The reward terms
 * change under four eyes (docs/backoffice/four-eyes.md, Reward terms).
 */
export function registerPromotions(
  app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db' | 'settings'>,
  deps: PromotionsDeps,
): void {
  const { db, clock, settings } = core;
  const { route, audit, changes } = core.backoffice;
  const { ceilings } = core.config;
  const repository = new PromotionsBackofficeRepository(db);
  promotionsBackofficeRoutes(route, {
    bonuses: new PromotionsBackofficeService({ db, clock, audit, repository, changes, ceilings }),
    settings: new PromotionSettingsService({
      db,
      clock,
      audit,
      settings,
      repository: new SettingsRepository(db),
      changes,
      ceilings,
    }),
  });
  const store = deps.uploads.store('media');
  mediaBackofficeRoutes(app, route, new MediaBackofficeService({ db, clock, audit, store }));
}
