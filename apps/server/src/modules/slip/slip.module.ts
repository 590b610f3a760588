import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { HttpSlipVerifier } from '../../adapters/slip-verifier/http.ts';
import { sandboxSlipVerifier } from '../../adapters/slip-verifier/sandbox.ts';
import { type SlipVerifier, UnconfiguredSlipVerifier } from '../../adapters/slip-verifier/slip-verifier.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { FileStore } from '../../lib/file-store.ts';
import type { InFlight } from '../../lib/in-flight.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Router } from '../../lib/route.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { PictureReader } from '../uploads/picture.pool.ts';
import { BankFeedRepository } from '../bank-feed/bank-feed.repository.ts';
import { DepositChannelsRepository } from '../deposit-channels/deposit-channels.ts';
import { SlipRepository } from './slip.repository.ts';
import { slipImageRoute, slipRoutes } from './slip.routes.ts';
import { SlipService } from './slip.service.ts';
import { SlipWindow } from './slip.window.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Slips, for tests and operational scripts. */
    slips: SlipService;
    slipWindow: SlipWindow;
    slipStore: FileStore;
  }
}

export interface SlipsDeps {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  settings: SettingsService;
  members: AccountRepository;
  /** This server's own address, for the sandbox verifier reached over real HTTP (known after listen). */
  ownBaseUrl: () => string;
  /** The worker threads that check uploaded pictures (shared with the chat). */
  pictures: PictureReader;
  /** Each member's uploads in flight (shared with the chat). */
  inFlight: InFlight;
}

/**
 * Everything of slips (docs/deposits/slips.md): multipart parsing, the picture store, the verifier adapter
 * (the configured party, else the sandbox's over real HTTP), the service, its routes and the closed window.
 */
export async function registerSlips(app: FastifyInstance, route: Router, config: Config, deps: SlipsDeps) {
  const { db, clock } = deps;
  // Parses multipart bodies only for the routes that ask (request.file()); the limits are set per call.
  await app.register(multipart);
  const store = new FileStore(uploadDirectory(app, config));
  const repository = new SlipRepository();
  const window = new SlipWindow({ settings: deps.settings, clock, country: config.country });
  const slips = new SlipService({
    db,
    repository,
    transfers: new BankFeedRepository(),
    channels: new DepositChannelsRepository(db),
    ledger: new LedgerService({ repository: new LedgerRepository(), clock }),
    ledgerRepository: new LedgerRepository(),
    members: deps.members,
    verifier: createVerifier(app, config, deps),
    pictures: deps.pictures,
    store,
    clock,
    logger: app.log,
    urlSecret: config.slipUrlSecret,
    maxAgeMinutes: config.slipMaxAgeMinutes,
  });
  app.decorate('slips', slips);
  app.decorate('slipWindow', window);
  app.decorate('slipStore', store);
  slipRoutes(route, {
    slips,
    window,
    limiter: deps.limiter,
    ratePerMinute: config.moneyRatePerMinute,
    inFlight: deps.inFlight,
  });
  slipImageRoute(app, { repository, store, secret: config.slipUrlSecret, clock, db });
  return slips;
}

/** UPLOAD_DIR, else `<DATA_DIR>/uploads`; with an in-memory database, a temporary folder removed on close. */
function uploadDirectory(app: FastifyInstance, config: Config): string {
  if (config.uploadDir) return resolve(config.uploadDir);
  if (config.dataDir !== 'memory://') return resolve(config.dataDir, 'uploads');
  const directory = mkdtempSync(join(tmpdir(), 'member-wallet-uploads-'));
  app.addHook('onClose', async () => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

function createVerifier(app: FastifyInstance, config: Config, deps: SlipsDeps): SlipVerifier {
  const { slipVerifierBaseUrl, slipVerifierSecret } = config;
  if (slipVerifierBaseUrl && slipVerifierSecret) {
    return new HttpSlipVerifier({ baseUrl: () => slipVerifierBaseUrl, secret: slipVerifierSecret, clock: deps.clock });
  }
  if (config.sandbox && slipVerifierSecret) return sandboxSlipVerifier(deps.ownBaseUrl, slipVerifierSecret, deps.clock);
  app.log.warn('No slip verifier configured (SLIP_VERIFIER_BASE_URL, SLIP_VERIFIER_SECRET): slips cannot be verified');
  return new UnconfiguredSlipVerifier();
}
