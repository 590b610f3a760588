import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../../core/auth/auth.service.ts';
import type { Core } from '../../core.ts';
import { authRoutes } from './auth.routes.ts';

/** Sign-in, sign-out and the session's answers (docs/accounts.md). */
export function registerAuth(_app: FastifyInstance, core: Pick<Core, 'route'>, deps: { auth: AuthService }): void {
  authRoutes(core.route, deps.auth);
}
