import { toMajor, toMinor } from '@member-wallet/contract/money';
import {
  LIMIT_COOLING_OFF_HOURS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitsRequest,
  type LimitsResponse,
  type LimitView,
} from '@member-wallet/contract/safer-play';
import { limitInForce } from '../../core/safer-play/safer-play.gate.ts';
import type { LimitRow, PeriodSums } from '../../core/safer-play/safer-play.repository.ts';
import { HOUR_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

export const COOLING_OFF_MS = LIMIT_COOLING_OFF_HOURS * HOUR_MS;

/** A limit as stored: in force, and the raise or removal waiting (with when it applies). */
export interface LimitState {
  amount: bigint | null;
  pending: { amount: bigint | null; from: Date } | null;
}

/** The state of a stored row at `now`: a pending change whose cooling-off has passed is in force. */
export function stateOf(row: LimitRow | undefined, now: Date): LimitState {
  if (!row) return { amount: null, pending: null };
  const amount = limitInForce(row, now);
  const waiting = row.pending_from !== null && row.pending_from.getTime() > now.getTime();
  return {
    amount,
    pending: waiting && row.pending_from ? { amount: row.pending_amount_minor, from: row.pending_from } : null,
  };
}

/**
 * The rule of a change (docs/safer-play.md, Limits): asking for what is in force drops a waiting change; a
 * lower limit, or one where there was none, applies at once; a raise or a removal waits 24 hours from the ask,
 * and asking again for the change already waiting keeps its time.
 */
export function changeLimit(state: LimitState, wanted: bigint | null, now: Date): LimitState {
  const { amount } = state;
  if (wanted === amount) return { amount, pending: null };
  const lower = wanted !== null && (amount === null || wanted < amount);
  if (lower) return { amount: wanted, pending: null };
  if (state.pending && state.pending.amount === wanted) return state;
  return { amount, pending: { amount: wanted, from: new Date(now.getTime() + COOLING_OFF_MS) } };
}

/** Refuses limits whose longer period is set below a shorter one (`KEY_INVALID` on the longer). */
export function checkOrder(request: LimitsRequest): void {
  const fields: Record<string, 'KEY_INVALID'> = {};
  for (const kind of LIMIT_KINDS) {
    let shorter: number | null = null;
    for (const period of LIMIT_PERIODS) {
      const value = request[kind][period];
      if (value === null) continue;
      if (shorter !== null && value < shorter) fields[`${kind}.${period}`] = 'KEY_INVALID';
      shorter = value;
    }
  }
  const first = Object.keys(fields)[0];
  if (first) throw new AppError('KEY_INVALID', fields);
}

export function wantedMinor(request: LimitsRequest, kind: LimitKind, period: LimitPeriod): bigint | null {
  const value = request[kind][period];
  return value === null ? null : toMinor(value);
}

function view(state: LimitState, used: bigint): LimitView {
  return {
    amount: state.amount === null ? null : toMajor(state.amount),
    used: toMajor(used),
    left: state.amount === null ? null : toMajor(state.amount - used > 0n ? state.amount - used : 0n),
    pending: state.pending
      ? {
          amount: state.pending.amount === null ? null : toMajor(state.pending.amount),
          from: state.pending.from.toISOString(),
        }
      : null,
  };
}

/** The limits answer from the stored rows and the period sums. */
export function limitsAnswer(
  rows: readonly LimitRow[],
  sums: PeriodSums,
  currency: string,
  now: Date,
): Omit<LimitsResponse, 'message'> {
  const views = (kind: LimitKind) => {
    const used = kind === 'deposit' ? sums.deposits : sums.intoGames;
    const row = (period: LimitPeriod) => rows.find((item) => item.kind === kind && item.period === period);
    return {
      day: view(stateOf(row('day'), now), used.day),
      week: view(stateOf(row('week'), now), used.week),
      month: view(stateOf(row('month'), now), used.month),
    };
  };
  return { currency, deposit: views('deposit'), loss: views('loss') };
}
