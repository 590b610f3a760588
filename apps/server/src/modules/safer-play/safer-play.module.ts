import type { FastifyInstance } from 'fastify';
import { SaferPlayRepository } from '../../core/safer-play/safer-play.repository.ts';
import type { Core } from '../../core.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';
import type { RecordedLosses } from '../games/games.module.ts';
import { SaferPlayBackofficeRepository } from './safer-play.backoffice.repository.ts';
import { saferPlayBackofficeRoutes } from './safer-play.backoffice.routes.ts';
import { SaferPlayBackofficeService, WATCH_INTERVAL_MS } from './safer-play.backoffice.service.ts';
import { saferPlayRoutes } from './safer-play.routes.ts';
import { type GameMoneyReturn, SaferPlayService } from './safer-play.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Safer play (docs/safer-play.md), for tests and operational scripts. */
    saferPlay: SaferPlayService;
    /** The operators' side (a member's safer play, the watch list); `runWatchRules()` is one pass of the rules. */
    saferPlayBackoffice: SaferPlayBackofficeService;
  }
}

/**
 * Safer play (docs/safer-play.md): the member's own limits, reality check, time-out and self-exclusion. The checks
 * every deposit and transfer makes live in the Core (`core.saferPlay`); `games`: what brings game balances back.
 */
export function registerSaferPlay(
  app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db' | 'log' | 'members' | 'people' | 'route' | 'saferPlay'>,
  deps: { wallet: GameMoneyReturn; games: { recordedLosses: RecordedLosses } },
): SaferPlayService {
  const service = new SaferPlayService({
    db: core.db,
    repository: new SaferPlayRepository(),
    gate: core.saferPlay,
    clock: core.clock,
    timeZone: siteTimeZone(core.config.country),
    games: deps.wallet,
    recordedLosses: deps.games.recordedLosses,
    logger: core.log,
    people: core.people,
    members: core.members,
  });
  app.decorate('saferPlay', service);
  saferPlayRoutes(core.route, service);
  registerSaferPlayBackoffice(app, core);
  return service;
}

/** The operators' side (issue 23, Operator side): read-only member view, the watch list and its rules' job. */
function registerSaferPlayBackoffice(
  app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db'>,
): void {
  const backoffice = new SaferPlayBackofficeService({
    db: core.db,
    repository: new SaferPlayBackofficeRepository(),
    audit: core.backoffice.audit,
    clock: core.clock,
    timeZone: siteTimeZone(core.config.country),
  });
  app.decorate('saferPlayBackoffice', backoffice);
  saferPlayBackofficeRoutes(core.backoffice.route, backoffice);
  app.jobs.every('safer-play-watch', WATCH_INTERVAL_MS, () => backoffice.runWatchRules());
}
