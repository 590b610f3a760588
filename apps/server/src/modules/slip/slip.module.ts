import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { SlipVerifierByKind } from '../../adapters/slip-verifier/by-kind.ts';
import { EasySlipVerifier } from '../../adapters/slip-verifier/easyslip.ts';
import { oneProofVerifier, SandboxOneProofVerifier } from '../../adapters/slip-verifier/oneproof-sandbox.ts';
import { sandboxSlipVerifier } from '../../adapters/slip-verifier/sandbox.ts';
import {
  type SlipQuery,
  type SlipVerifier,
  UnconfiguredSlipVerifier,
} from '../../adapters/slip-verifier/slip-verifier.ts';
import { SlipOkVerifier } from '../../adapters/slip-verifier/slipok.ts';
import type { Core } from '../../core.ts';
import type { FileStore } from '../../lib/file-store.ts';
import type { BankFeedRepository } from '../bank-feed/bank-feed.module.ts';
import type { DepositChannelsRepository } from '../deposit-channels/deposit-channels.module.ts';
import type { Uploads } from '../uploads/uploads.module.ts';
import { SLIP_QR_READING, type SlipPicture } from './slip.image.ts';
import { SlipRepository } from './slip.repository.ts';
import { SlipRetries } from './slip.retry.ts';
import { slipImageRoute, slipRoutes } from './slip.routes.ts';
import { SlipService } from './slip.service.ts';
import { SlipWindow } from './slip.window.ts';

export type { Slip } from './slip.repository.ts';
export type { SlipService } from './slip.service.ts';

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
 * (SLIP_VERIFIER's vendor: SlipOK, EasySlip, or the sandbox's SlipOK over real HTTP), the service, its routes and
 * the closed window. `uploads`: the uploads' folder, the picture checkers and each member's uploads in flight,
 * shared with the chat; `verifier`: a verifier in place of the configured one (tests). Waiting slips are asked
 * again on a timer.
 */
export async function registerSlips(
  app: FastifyInstance,
  core: Pick<
    Core,
    | 'clock'
    | 'config'
    | 'db'
    | 'ledger'
    | 'limiter'
    | 'log'
    | 'members'
    | 'ownBaseUrl'
    | 'route'
    | 'saferPlay'
    | 'sandboxAdapters'
    | 'settings'
  >,
  deps: {
    uploads: Uploads;
    verifier?: SlipVerifier | undefined;
    channels: DepositChannelsRepository;
    transfers: BankFeedRepository;
  },
): Promise<SlipService> {
  const { config, clock, db } = core;
  // Parses multipart bodies only for the routes that ask (request.file()); the limits are set per call.
  await app.register(multipart);
  const store = deps.uploads.store('slips');
  const repository = new SlipRepository();
  const window = new SlipWindow({ settings: core.settings, clock, country: config.country });
  const { verifier, verifiedBySandbox } = deps.verifier
    ? { verifier: deps.verifier, verifiedBySandbox: () => false }
    : chooseVerifiers(core);
  const slips = new SlipService({
    db,
    repository,
    transfers: deps.transfers,
    channels: deps.channels,
    ledger: core.ledger,
    members: core.members,
    verifier,
    verifiedBySandbox,
    pictures: {
      readSlip: (bytes) => deps.uploads.pictures.readQr(bytes, SLIP_QR_READING) as Promise<SlipPicture>,
    },
    store,
    clock,
    logger: app.log,
    saferPlay: core.saferPlay,
    urlSecret: config.slips.urlSecret,
    maxAgeMinutes: config.slips.maxAgeMinutes,
  });
  app.decorate('slips', slips);
  app.decorate('slipWindow', window);
  app.decorate('slipStore', store);
  const retries = new SlipRetries({ db, repository, slips, store, members: core.members, clock, logger: app.log });
  app.decorate('slipRetries', retries);
  app.jobs.every('slip-retries', config.slips.retryIntervalMs, () => retries.runOnce());
  slipRoutes(core.route, {
    slips,
    window,
    limiter: core.limiter,
    ratePerMinute: config.rates.moneyPerMinute,
    inFlight: deps.uploads.inFlight,
  });
  slipImageRoute(app, slips);
  return slips;
}

/**
 * The verifier of each kind of slip (a Thai slip: SLIP_VERIFIER's; a OneProof: the sandbox's, the only one there
 * is), and whether a kind's is the sandbox's: the slips it is asked about carry the sandbox label
 * (docs/parties/README.md, The sandbox label).
 */
function chooseVerifiers(core: Pick<Core, 'clock' | 'config' | 'log' | 'ownBaseUrl' | 'sandboxAdapters'>) {
  const verifiers = { thai: createVerifier(core), oneproof: oneProofVerifier(core) };
  if (verifiers.oneproof instanceof SandboxOneProofVerifier) core.sandboxAdapters.mark(verifiers.oneproof);
  return {
    verifier: new SlipVerifierByKind(verifiers),
    verifiedBySandbox: (kind: SlipQuery['kind']) => core.sandboxAdapters.isSandbox(verifiers[kind]),
  };
}

/** The verifier SLIP_VERIFIER names (docs/parties/slip-verifier.md); none: every slip is UNKNOW_ERROR, said at start. */
function createVerifier(core: Pick<Core, 'config' | 'log' | 'ownBaseUrl' | 'sandboxAdapters'>): SlipVerifier {
  const choice = core.config.slips.verifier;
  switch (choice.vendor) {
    case 'slipok':
      return new SlipOkVerifier({ baseUrl: () => choice.baseUrl, branchId: choice.branchId, apiKey: choice.apiKey });
    case 'easyslip':
      return new EasySlipVerifier({ baseUrl: () => choice.baseUrl, apiKey: choice.apiKey });
    case 'sandbox':
      return core.sandboxAdapters.mark(sandboxSlipVerifier(core.ownBaseUrl));
    default:
      core.log.warn('No slip verifier configured (SLIP_VERIFIER): every slip is UNKNOW_ERROR until one is');
      return new UnconfiguredSlipVerifier();
  }
}
