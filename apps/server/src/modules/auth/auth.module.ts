import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { authRoutes } from './auth.routes.ts';
import type { AuthService } from './auth.service.ts';

/** Sign-in, sign-out and the session's answers (docs/accounts.md). */
export function registerAuth(_app: FastifyInstance, core: Core, deps: { auth: AuthService }): void {
  authRoutes(core.route, deps.auth);
}
