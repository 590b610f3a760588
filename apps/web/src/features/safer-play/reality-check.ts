import type { TFunction } from '../../i18n/i18n.ts';

const MINUTE_MS = 60_000;

/**
 * How long until the next reality check: checks fall every `minutes` after the session began, so a page opened
 * (or reloaded) midway waits only for the rest of the current interval.
 */
export function nextCheckDelay(startedAtMs: number, minutes: number, nowMs: number): number {
  const interval = minutes * MINUTE_MS;
  const elapsed = Math.max(0, nowMs - startedAtMs);
  return interval - (elapsed % interval);
}

/** Minutes as hours and minutes: `5 h 07 min` in the reader's words. */
export function formatDuration(t: TFunction, minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return t('saferPlay.activity.duration', {
    hours: Math.floor(whole / 60),
    minutes: String(whole % 60).padStart(2, '0'),
  });
}
