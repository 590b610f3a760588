import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { chooseAdapter } from '../../adapters/choose-adapter.ts';
import { SlipVerifierByKind } from '../../adapters/slip-verifier/by-kind.ts';
import { HttpSlipVerifier } from '../../adapters/slip-verifier/http.ts';
import { oneProofVerifier } from '../../adapters/slip-verifier/oneproof-sandbox.ts';
import { sandboxSlipVerifier } from '../../adapters/slip-verifier/sandbox.ts';
import { type SlipVerifier, UnconfiguredSlipVerifier } from '../../adapters/slip-verifier/slip-verifier.ts';
import type { Core } from '../../core.ts';
import { FileStore } from '../../lib/file-store.ts';
import { startPeriodicJob } from '../../lib/periodic-job.ts';
import { BankFeedRepository } from '../bank-feed/bank-feed.repository.ts';
import { DepositChannelsRepository } from '../deposit-channels/deposit-channels.repository.ts';
import { LedgerRepository } from '../ledger/ledger.repository.ts';
import type { Uploads } from '../uploads/uploads.module.ts';
import { SlipRepository } from './slip.repository.ts';
import { SlipRetries } from './slip.retry.ts';
import { slipImageRoute, slipRoutes } from './slip.routes.ts';
import { SlipService } from './slip.service.ts';
import { SlipWindow } from './slip.window.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Slips, for tests and operational scripts. */
    slips: SlipService;
    slipWindow: SlipWindow;
    slipStore: FileStore;
    slipRetries: SlipRetries;
  }
}

/**
 * Everything of slips (docs/deposits/slips.md): multipart parsing, the picture store, the verifier adapter
 * (the configured party, else the sandbox's over real HTTP), the service, its routes and the closed window.
 * `uploads`: the uploads' folder, the picture checkers and each member's uploads in flight, shared with the chat;
 * `verifier`: a verifier in place of the configured party (tests). Waiting slips are asked again on a timer.
 */
export async function registerSlips(
  app: FastifyInstance,
  core: Core,
  deps: { uploads: Uploads; verifier?: SlipVerifier | undefined },
): Promise<SlipService> {
  const { config, clock, db } = core;
  // Parses multipart bodies only for the routes that ask (request.file()); the limits are set per call.
  await app.register(multipart);
  const store = new FileStore(deps.uploads.directory);
  const repository = new SlipRepository();
  const window = new SlipWindow({ settings: core.settings, clock, country: config.country });
  const slips = new SlipService({
    db,
    repository,
    transfers: new BankFeedRepository(),
    channels: new DepositChannelsRepository(db),
    ledger: core.ledger,
    ledgerRepository: new LedgerRepository(),
    members: core.members,
    verifier: deps.verifier ?? new SlipVerifierByKind({ thai: createVerifier(core), oneproof: oneProofVerifier(core) }),
    pictures: deps.uploads.pictures,
    store,
    clock,
    logger: app.log,
    urlSecret: config.slipUrlSecret,
    maxAgeMinutes: config.slipMaxAgeMinutes,
  });
  app.decorate('slips', slips);
  app.decorate('slipWindow', window);
  app.decorate('slipStore', store);
  const retries = new SlipRetries({ db, repository, slips, store, members: core.members, clock, logger: app.log });
  app.decorate('slipRetries', retries);
  startPeriodicJob(app, 'slip retries', config.slipRetryIntervalMs, () => retries.runOnce());
  slipRoutes(core.route, {
    slips,
    window,
    limiter: core.limiter,
    ratePerMinute: config.moneyRatePerMinute,
    inFlight: deps.uploads.inFlight,
  });
  slipImageRoute(app, slips);
  return slips;
}

function createVerifier(core: Core): SlipVerifier {
  const { config, clock } = core;
  return chooseAdapter<SlipVerifier>(core, {
    baseUrl: config.slipVerifierBaseUrl,
    secret: config.slipVerifierSecret,
    real: (baseUrl, secret) => new HttpSlipVerifier({ baseUrl: () => baseUrl, secret, clock }),
    sandbox: (secret) => sandboxSlipVerifier(core.ownBaseUrl, secret, clock),
    unconfigured: () => new UnconfiguredSlipVerifier(),
    warning: 'No slip verifier configured (SLIP_VERIFIER_BASE_URL, SLIP_VERIFIER_SECRET): slips cannot be verified',
  });
}
