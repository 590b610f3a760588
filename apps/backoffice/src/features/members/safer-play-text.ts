import type { BackofficeLimit, SaferPlayEvent } from '@member-wallet/contract/backoffice/safer-play';
import type { TFunction } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';

/** A limit's amount, or the words for none. */
export function limitAmountText(amountMinor: string | null, currency: string, t: TFunction): string {
  return amountMinor === null ? t('saferPlay.noLimit') : formatMinor(amountMinor, currency);
}

/** The change waiting for its cooling-off, in words; null when none waits. */
export function pendingText(limit: BackofficeLimit, currency: string, t: TFunction): string | null {
  if (!limit.pending) return null;
  const time = formatDateTime(limit.pending.from);
  return limit.pending.amountMinor === null
    ? t('saferPlay.pendingRemoval', { time })
    : t('saferPlay.pendingChange', { amount: formatMinor(limit.pending.amountMinor, currency), time });
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** One line of the history: what the member changed, from the event's recorded detail. */
export function eventText(event: SaferPlayEvent, currency: string, t: TFunction): string {
  const { detail } = event;
  switch (event.action) {
    case 'limit': {
      const kind = detail.kind === 'loss' ? 'loss' : 'deposit';
      const period = detail.period === 'week' || detail.period === 'month' ? detail.period : 'day';
      const pending = detail.pending as { amount?: unknown; from?: unknown } | null | undefined;
      const line = t('saferPlay.event.limit', {
        limit: `${t(`saferPlay.kind.${kind}`)} · ${t(`saferPlay.period.${period}`)}`,
        from: limitAmountText(text(detail.from), currency, t),
        to: limitAmountText(text(detail.to), currency, t),
      });
      const from = text(pending?.from);
      if (!pending || !from) return line;
      return `${line} · ${t('saferPlay.event.limitPending', {
        amount: limitAmountText(text(pending.amount), currency, t),
        time: formatDateTime(from),
      })}`;
    }
    case 'reality_check':
      return typeof detail.minutes === 'number' && detail.minutes > 0
        ? t('saferPlay.event.realityCheck', { minutes: detail.minutes })
        : t('saferPlay.event.realityCheckOff');
    case 'timeout':
    case 'self_exclusion': {
      const ends = text(detail.endsAt);
      return ends
        ? t(`saferPlay.event.${event.action}`, { time: formatDateTime(ends) })
        : t('saferPlay.event.selfExclusionPermanent');
    }
    case 'reopen_requested': {
      const reopens = text(detail.reopensAt);
      return t('saferPlay.event.reopenRequested', { time: reopens ? formatDateTime(reopens) : '—' });
    }
    default:
      return event.action;
  }
}
