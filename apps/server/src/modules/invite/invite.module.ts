import { registerRequest } from '@member-wallet/contract/account';
import { toMinor } from '@member-wallet/contract/money';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AccountRepository } from '../../core/account/account.repository.ts';
import type { LedgerService } from '../../core/ledger/ledger.service.ts';
import { AuditLog } from '../../core/operator/audit-log.ts';
import { PersonRepository } from '../../core/person/person.repository.ts';
import { SettingsRepository } from '../../core/settings/settings.repository.ts';
import type { SettingsService } from '../../core/settings/settings.service.ts';
import type { Core } from '../../core.ts';
import { onceAcrossNodes } from '../../db/connect.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { addLocalDays, localDayStart, siteTimeZone } from '../../lib/local-calendar.ts';
import { parseInput } from '../../lib/route.ts';
import type { AccountService } from '../account/account.module.ts';
import { seedBanners } from '../settings/settings.module.ts';
import { InviteReviewRepository } from './invite.backoffice.repository.ts';
import { inviteReviewRoutes } from './invite.backoffice.routes.ts';
import { InviteReviewService } from './invite.backoffice.service.ts';
import { InviteRepository } from './invite.repository.ts';
import { inviteRoutes } from './invite.routes.ts';
import { InviteService } from './invite.service.ts';
import { INVITE_BANNERS_KEY, INVITE_DEMO, INVITE_SETTINGS_KEY } from './invite.settings.ts';

export {
  amountOk,
  basisPoints,
  INVITE_BANNERS_KEY,
  INVITE_DEFAULTS,
  INVITE_SETTINGS_KEY,
  inviteSettingsValid,
  percentOk,
  readInviteSettings,
} from './invite.settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The invite programme, for tests and operational scripts (`accrueDue()` on demand). */
    invites: InviteService;
  }
}

/** How often the background pass accrues the days that closed for inviters nobody has looked at. */
const ACCRUAL_INTERVAL_MS = 5 * 60 * 1000;

/** The service alone, with a clock of the caller's (the sandbox accrues as if at another time). */
export function createInviteService(
  config: Config,
  deps: {
    db: Db;
    clock: Clock;
    settings: SettingsService;
    members: AccountRepository;
    /** The app's ledger: the programme's entries carry its own clock's time. */
    ledger: LedgerService;
  },
): InviteService {
  return new InviteService({
    db: deps.db,
    audit: new AuditLog(deps.db),
    repository: new InviteRepository(deps.db),
    ledger: deps.ledger,
    settings: deps.settings,
    members: deps.members,
    clock: deps.clock,
    timeZone: siteTimeZone(config.country),
    people: new PersonRepository(),
  });
}

/**
 * Invite a friend (docs/promotions/invite.md): the service, routes, the background accrual pass, the demo
 * programme, and the operators' review of invite links held as possible self-referrals (docs/backoffice/invite-reviews.md).
 * `accounts`: registration, with which the demo invitee is made.
 */
export function registerInvites(
  app: FastifyInstance,
  core: Pick<Core, 'backoffice' | 'clock' | 'config' | 'db' | 'ledger' | 'limiter' | 'members' | 'route' | 'settings'>,
  deps: { accounts: AccountService },
): InviteService {
  const { config } = core;
  const invites = createInviteService(config, core);
  app.decorate('invites', invites);
  inviteRoutes(core.route, {
    invites,
    settings: core.settings,
    limiter: core.limiter,
    ratePerMinute: config.rates.moneyPerMinute,
    country: config.country,
  });
  const reviews = new InviteReviewService({
    db: core.db,
    repository: new InviteReviewRepository(),
    invites,
    audit: core.backoffice.audit,
    clock: core.clock,
  });
  inviteReviewRoutes(core.backoffice.route, reviews);
  app.jobs.every('invite-accrual', ACCRUAL_INTERVAL_MS, () => invites.accrueDue());
  // After buildApp has created the demo member (seedDemoData runs last).
  if (config.demo) app.addHook('onReady', () => onceAcrossNodes(core.db, () => seedInviteDemo(core, deps.accounts)));
  return invites;
}

const DEMO_INVITEE = { phone: '0899990001', bankAccountNo: '1234500011', depositMinor: toMinor(2_000) };
const DEMO_BANNERS = {
  th: [{ image: '/media/promotions/invite.svg', html: '<p>ชวนเพื่อนรับ <b>5%</b> ของยอดฝากสุทธิของเพื่อนทุกวัน</p>' }],
  lo: [{ image: '/media/promotions/invite.svg', html: '<p>ຊວນໝູ່ຮັບ <b>5%</b> ຂອງຍອດຝາກສຸດທິຂອງໝູ່ທຸກມື້</p>' }],
  en: [
    {
      image: '/media/promotions/invite.svg',
      html: "<p>Invite a friend: get <b>5%</b> of your friend's net deposits every day</p>",
    },
  ],
};

/**
 * The demo programme (DESIGN.md section 7), once: its settings and banners when unset, and a demo invitee of
 * the demo member with a deposit yesterday, so the demo member has an accrual to collect from the start.
 */
async function seedInviteDemo(
  core: Pick<Core, 'clock' | 'config' | 'db' | 'ledger' | 'members' | 'settings'>,
  accounts: AccountService,
): Promise<void> {
  const { config, settings, members, db } = core;
  if ((await settings.global(INVITE_SETTINGS_KEY)) === undefined)
    await settings.setGlobal(INVITE_SETTINGS_KEY, INVITE_DEMO);
  await seedBanners(new SettingsRepository(db), INVITE_BANNERS_KEY, DEMO_BANNERS, core.clock.now());
  const inviter = await members.findByPhone(config.demoMember.phone);
  if (!inviter || (await members.findByPhone(DEMO_INVITEE.phone))) return;
  const request = parseInput(registerRequest(config.country), {
    name: 'Demo Friend',
    username: DEMO_INVITEE.phone,
    password: config.demoMember.password,
    bankCode: 'KBANK',
    bankAccountName: 'SOMSRI JAIDEE',
    bankAccountNo: DEMO_INVITEE.bankAccountNo,
    inviteCode: `PR${inviter.public_id}`,
  });
  // Another address than the demo member's ('demo-seed'): the demo friend is not a self-referral to hold.
  const invitee = await accounts.register(request, 'demo-seed:friend');
  // Yesterday noon in the site's time zone, so the day has closed.
  const timeZone = siteTimeZone(config.country);
  const yesterday = addLocalDays(localDayStart(core.clock.now(), timeZone), -1, timeZone);
  const { ledger } = core;
  const { wallet, clearing } = await ledger.depositAccounts(db, invitee.id, invitee.currency);
  await new InviteRepository(db).startCursor(inviter.id, yesterday);
  await db.transaction().execute((trx) =>
    ledger.postDeposit(trx, {
      memberId: invitee.id,
      idempotencyKey: 'demo:invitee-deposit',
      reference: { demo: true },
      from: clearing.id,
      to: wallet.id,
      amountMinor: DEMO_INVITEE.depositMinor,
      at: new Date(yesterday.getTime() + 12 * 60 * 60 * 1000),
    }),
  );
}
