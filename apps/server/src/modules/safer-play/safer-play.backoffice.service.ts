import type {
  BackofficeLimit,
  MemberSaferPlayQuery,
  MemberSaferPlayResponse,
  WatchCloseResponse,
  WatchItem,
  WatchListPage,
  WatchListQuery,
  WatchRule,
} from '@member-wallet/contract/backoffice/safer-play';
import { LIMIT_KINDS, LIMIT_PERIODS } from '@member-wallet/contract/safer-play';
import type { AuditRecorder, OperatorActor } from '../../core/operator/audit-log.ts';
import type { Db } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/transaction.ts';
import { type Clock, MINUTE_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { zoneOffsetMs } from '../../lib/local-calendar.ts';
import type { SaferPlayBackofficeRepository } from './safer-play.backoffice.repository.ts';
import { stateOf } from './safer-play.limits.ts';
import { blockView } from './safer-play.service.ts';

/**
 * The watch rules (issue 23, Operator side). Each pass looks back from the clock's now; a member with an open item
 * of a rule gets no second one until an operator closes it.
 * - `deposit_surge`: deposits credited in the last 24 hours at least 3 times the member's daily average of the 30
 *   days before them, and at least 10,000 in the major unit (1,000,000 minor units, whatever the currency).
 * - `chasing_losses`: 3 or more deposits in the last 24 hours, each made within 30 minutes after a transfer from
 *   the wallet into a game account (strictly after the transfer, at most 30 minutes).
 * - `night_play`: transfers into game accounts between 02:00 and 05:00 site time on 3 or more of the last 7 nights.
 * Deposits are completed `deposit` entries crediting the member's wallet (operators' credits are not deposits);
 * a transfer into a game is a pending or completed `transfer` entry taking from it.
 */
export const WATCH_RULE_SETTINGS = {
  depositSurge: { factor: 3, minimumMinor: 1_000_000n },
  chasingLosses: { deposits: 3, withinMs: 30 * MINUTE_MS },
  nightPlay: { hours: [2, 5] as [number, number], nights: 3 },
} as const;

/** How often the watch rules run (the `safer-play-watch` job). */
export const WATCH_INTERVAL_MS = 15 * MINUTE_MS;

export interface SaferPlayBackofficeDeps {
  db: Db;
  repository: SaferPlayBackofficeRepository;
  audit: AuditRecorder;
  clock: Clock;
  timeZone: string;
}

type WatchRow = NonNullable<Awaited<ReturnType<SaferPlayBackofficeRepository['watchItem']>>>;

function iso(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

function toItem(row: WatchRow): WatchItem {
  return {
    id: String(row.id),
    member: { id: row.public_id, phone: row.phone, name: row.name },
    rule: row.rule,
    detail: row.detail as Record<string, unknown>,
    raisedAt: row.raised_at.toISOString(),
    state: row.state,
    note: row.note,
    closedBy: row.closed_by,
    closedAt: iso(row.closed_at),
  };
}

/**
 * Safer play as operators see it (issue 23, Operator side): a member's settings and history, read-only for every
 * role (no operator raises a limit or lifts a block, by design), the watch rules and the watch list, whose closing
 * is audited in its own transaction.
 */
export class SaferPlayBackofficeService {
  constructor(private readonly deps: SaferPlayBackofficeDeps) {}

  async member(publicId: string, query: MemberSaferPlayQuery): Promise<MemberSaferPlayResponse> {
    const { db, repository, clock } = this.deps;
    const member = await repository.memberByPublicId(db, publicId);
    if (!member) throw new AppError('NO_DATA');
    const now = clock.now();
    const [settings, rows, history] = await Promise.all([
      repository.settings(db, member.id),
      repository.limits(db, member.id),
      repository.history(db, member.id, query.page, query.limit),
    ]);
    const limits: BackofficeLimit[] = LIMIT_KINDS.flatMap((kind) =>
      LIMIT_PERIODS.map((period) => {
        const state = stateOf(
          rows.find((row) => row.kind === kind && row.period === period),
          now,
        );
        return {
          kind,
          period,
          amountMinor: state.amount === null ? null : String(state.amount),
          pending: state.pending
            ? {
                amountMinor: state.pending.amount === null ? null : String(state.pending.amount),
                from: state.pending.from.toISOString(),
              }
            : null,
        };
      }),
    );
    return {
      currency: member.currency,
      limits,
      realityCheckMinutes: settings?.reality_check_minutes ?? null,
      block: settings ? blockView(settings, now) : null,
      history: {
        total: history.total,
        events: history.rows.map((row) => ({
          id: String(row.id),
          action: row.action,
          detail: row.detail as Record<string, unknown>,
          at: row.at.toISOString(),
        })),
      },
    };
  }

  async watchList(query: WatchListQuery): Promise<WatchListPage> {
    const { total, rows } = await this.deps.repository.watchPage(this.deps.db, query);
    return { total, items: rows.map(toItem) };
  }

  /** Closes an open item with the operator's note, audited in the same transaction; a closed one stays as it is. */
  async close(id: string, note: string, operator: OperatorActor, ip: string | null): Promise<WatchCloseResponse> {
    const { db, repository, audit, clock } = this.deps;
    const itemId = parseId(id);
    const changed = await transactionWithRetry(db, async (trx) => {
      const item = await repository.lockItem(trx, itemId);
      if (!item) throw new AppError('NO_DATA');
      if (item.state === 'closed') return false;
      const now = clock.now();
      await repository.close(trx, itemId, note, operator.operatorId, now);
      await audit.record(
        trx,
        {
          actor: operator,
          action: 'watch_list.close',
          target: `watch_list:${itemId}`,
          before: { state: 'open', rule: item.rule },
          after: { state: 'closed', note },
          ip,
        },
        now,
      );
      return true;
    });
    const row = await repository.watchItem(db, itemId);
    if (!row) throw new AppError('NO_DATA');
    return { item: toItem(row), changed };
  }

  /** One pass of the watch rules (the `safer-play-watch` job): the items raised now, per rule. */
  async runWatchRules(): Promise<Record<WatchRule, number>> {
    const { db, repository, clock, timeZone } = this.deps;
    const now = clock.now();
    const { depositSurge, chasingLosses, nightPlay } = WATCH_RULE_SETTINGS;
    const offsetSeconds = Math.round(zoneOffsetMs(now, timeZone) / 1000);
    const [surges, chasing, nights] = await Promise.all([
      repository.depositSurges(db, now, depositSurge.factor, depositSurge.minimumMinor),
      repository.chasingLosses(db, now, chasingLosses.deposits, chasingLosses.withinMs),
      repository.nightPlay(db, now, offsetSeconds, nightPlay.hours, nightPlay.nights),
    ]);
    return {
      deposit_surge: await repository.raise(db, 'deposit_surge', surges, now),
      chasing_losses: await repository.raise(db, 'chasing_losses', chasing, now),
      night_play: await repository.raise(db, 'night_play', nights, now),
    };
  }
}

/** A watch-list id from the path: digits only, else no such item. */
function parseId(id: string): bigint {
  if (!/^\d{1,18}$/.test(id)) throw new AppError('NO_DATA');
  return BigInt(id);
}
