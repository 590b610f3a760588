import { RUNNING_SPANS_MAX, type TimeSpan } from './active-bonus.ts';

/** When one bonus ran: from its activation until it stopped running; `until` null while it still runs. */
export interface BonusRun {
  activated_at: Date;
  until: Date | null;
}

/**
 * The stretches of `[from, to)` covered by `runs` (oldest activation first), clipped to it and joined where they
 * touch. A run holds the instant it ended as well: a bet in the same millisecond as a cancel cannot be told from one
 * placed just before it, so it counts as bonus play, never as cash play. Only the first `max` runs are looked at;
 * when there are more, the last stretch reaches `to`, so what is left out is counted as bonus time, never as cash
 * time.
 */
export function runningSpans(runs: readonly BonusRun[], from: Date, to: Date, max = RUNNING_SPANS_MAX): TimeSpan[] {
  const spans: TimeSpan[] = [];
  for (const [index, run] of runs.slice(0, max).entries()) {
    const start = later(run.activated_at, from);
    const beyondMax = index === max - 1 && runs.length > max;
    const end = run.until === null || beyondMax ? to : earlier(new Date(run.until.getTime() + 1), to);
    if (start >= end) continue;
    const last = spans.at(-1);
    if (last && start <= last.to) last.to = later(last.to, end);
    else spans.push({ from: start, to: end });
  }
  return spans;
}

function later(a: Date, b: Date): Date {
  return a > b ? a : b;
}

function earlier(a: Date, b: Date): Date {
  return a < b ? a : b;
}
