import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';
import { SaferPlayRepository } from './safer-play.repository.ts';
import { saferPlayRoutes } from './safer-play.routes.ts';
import { type GameMoneyReturn, SaferPlayService } from './safer-play.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Safer play (docs/safer-play.md), for tests and operational scripts. */
    saferPlay: SaferPlayService;
  }
}

/**
 * Safer play (docs/safer-play.md): the member's own limits, reality check, time-out and self-exclusion. The checks
 * every deposit and transfer makes live in the Core (`core.saferPlay`); `games`: what brings game balances back.
 */
export function registerSaferPlay(
  app: FastifyInstance,
  core: Core,
  deps: { games: GameMoneyReturn },
): SaferPlayService {
  const service = new SaferPlayService({
    db: core.db,
    repository: new SaferPlayRepository(),
    gate: core.saferPlay,
    clock: core.clock,
    timeZone: siteTimeZone(core.config.country),
    games: deps.games,
    logger: core.log,
  });
  app.decorate('saferPlay', service);
  saferPlayRoutes(core.route, service);
  return service;
}
