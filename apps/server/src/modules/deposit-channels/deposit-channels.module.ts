import type { FastifyInstance } from 'fastify';
import type { Core } from '../../core.ts';
import { DepositChannelsRepository } from './deposit-channels.repository.ts';
import { depositChannelRoutes } from './deposit-channels.routes.ts';
import { DepositChannelsService } from './deposit-channels.service.ts';

export type { DepositChannel, DepositChannelsRepository } from './deposit-channels.repository.ts';

/**
 * Where members pay in (docs/deposits/README.md, deposit channels): `GET /api/lookup/deposit`. The QR and slip
 * modules read the same channels through the repository this answers; the sandbox adds its own channels as it
 * mounts (src/sandbox/deposit-channels.ts).
 */
export function registerDepositChannels(
  _app: FastifyInstance,
  core: Pick<Core, 'db' | 'members' | 'route'>,
): DepositChannelsRepository {
  const channels = new DepositChannelsRepository(core.db);
  depositChannelRoutes(core.route, new DepositChannelsService({ channels, members: core.members }));
  return channels;
}
