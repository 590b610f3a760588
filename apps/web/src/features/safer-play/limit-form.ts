import { AMOUNT_MAX } from '@member-wallet/contract/money';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitKind,
  type LimitPeriod,
  type LimitsRequest,
  type LimitsResponse,
  type LimitView,
} from '@member-wallet/contract/safer-play';
import { formatAmount, parseAmount } from '../../lib/format.ts';

/** A field of the limits form, named as the server names it in `fields` (`deposit.week`). */
export type LimitField = `${LimitKind}.${LimitPeriod}`;
export type LimitValues = Record<LimitField, string>;
/** Why a field was refused: not an amount, or below the limit of a shorter period. */
export type LimitProblem = 'amount' | 'order';

export const LIMIT_FIELDS: readonly LimitField[] = LIMIT_KINDS.flatMap((kind) =>
  LIMIT_PERIODS.map((period) => `${kind}.${period}` as const),
);

/** What a field starts with: the amount a waiting change will set, else the amount in force; empty for none. */
export function startingValue(view: LimitView): string {
  const amount = view.pending ? view.pending.amount : view.amount;
  return amount === null ? '' : formatAmount(amount).replace(/,/g, '');
}

export function startingValues(limits: LimitsResponse): LimitValues {
  const values = {} as LimitValues;
  for (const kind of LIMIT_KINDS) {
    for (const period of LIMIT_PERIODS) values[`${kind}.${period}`] = startingValue(limits[kind][period]);
  }
  return values;
}

/** An empty field is no limit (null); else an amount above 0, at most 2 decimals and at most AMOUNT_MAX. */
function readLimit(text: string): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const amount = parseAmount(text);
  return amount === null || amount <= 0 || amount > AMOUNT_MAX ? 'invalid' : amount;
}

/**
 * The request the form stands for, or the problem of each field that stops it: the rules the server applies
 * (an amount, and a longer period never below a shorter one when both are set), checked before sending.
 */
export function readLimitForm(
  values: LimitValues,
): { body: LimitsRequest; problems?: never } | { body?: never; problems: Partial<Record<LimitField, LimitProblem>> } {
  const problems: Partial<Record<LimitField, LimitProblem>> = {};
  const body = { deposit: {}, loss: {} } as LimitsRequest;
  for (const kind of LIMIT_KINDS) {
    let shorter: number | null = null;
    for (const period of LIMIT_PERIODS) {
      const field: LimitField = `${kind}.${period}`;
      const value = readLimit(values[field]);
      if (value === 'invalid') {
        problems[field] = 'amount';
        continue;
      }
      if (value !== null && shorter !== null && value < shorter) problems[field] = 'order';
      if (value !== null) shorter = value;
      body[kind][period] = value;
    }
  }
  return Object.keys(problems).length > 0 ? { problems } : { body };
}
