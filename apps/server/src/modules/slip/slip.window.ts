import { HH_MM } from '@member-wallet/contract/backoffice/settings';
import type { Country } from '@member-wallet/contract/constants';
import type { SlipLookupResponse } from '@member-wallet/contract/slip';
import { type SettingsService, SLIP_WINDOW_DEFAULT, SLIP_WINDOW_KEY } from '../../core/settings/settings.service.ts';
import type { Clock } from '../../lib/clock.ts';
import { siteTimeZone } from '../../lib/local-calendar.ts';

/**
 * The daily window in which slip uploads are closed (spec section 9: "slip upload closes daily in a time window
 * set by the server"; docs/deposits/slips.md), kept in the site setting SLIP_WINDOW_KEY.
 */

function minutesOf(text: string): number {
  const match = HH_MM.exec(text);
  if (!match) throw new Error(`site setting ${SLIP_WINDOW_KEY} holds a time that is not HH:mm: ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes since local midnight in the time zone. */
function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** `closeFrom` inclusive, `closeTo` exclusive, spanning midnight when `closeFrom` is later; equal: never closed. */
export function isClosedAt(minutes: number, from: number, to: number): boolean {
  if (from === to) return false;
  return from < to ? minutes >= from && minutes < to : minutes >= from || minutes < to;
}

export class SlipWindow {
  constructor(private readonly deps: { settings: SettingsService; clock: Clock; country: Country }) {}

  async lookup(): Promise<SlipLookupResponse> {
    const stored = (await this.deps.settings.global(SLIP_WINDOW_KEY)) as
      | { closeFrom?: string; closeTo?: string }
      | undefined;
    const closeFrom = stored?.closeFrom ?? SLIP_WINDOW_DEFAULT.closeFrom;
    const closeTo = stored?.closeTo ?? SLIP_WINDOW_DEFAULT.closeTo;
    const timeZone = siteTimeZone(this.deps.country);
    const now = localMinutes(this.deps.clock.now(), timeZone);
    return { closeFrom, closeTo, timeZone, closed: isClosedAt(now, minutesOf(closeFrom), minutesOf(closeTo)) };
  }

  async set(window: { closeFrom: string; closeTo: string }): Promise<void> {
    minutesOf(window.closeFrom);
    minutesOf(window.closeTo);
    await this.deps.settings.setGlobal(SLIP_WINDOW_KEY, window);
  }
}
