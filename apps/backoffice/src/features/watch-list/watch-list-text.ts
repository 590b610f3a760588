import type { WatchItem } from '@member-wallet/contract/backoffice/safer-play';
import { WATCH_RULES, type WatchRule } from '@member-wallet/contract/backoffice/safer-play';
import type { TFunction } from '../../i18n/i18n.ts';
import { formatMinor } from '../../lib/format.ts';

export function isWatchRule(rule: string): rule is WatchRule {
  return (WATCH_RULES as readonly string[]).includes(rule);
}

/** What the rule saw, in words: the figures of its detail; null for a rule this app does not know. */
export function watchFigures(item: WatchItem, t: TFunction): string | null {
  const { detail } = item;
  switch (item.rule) {
    case 'deposit_surge':
      return typeof detail.lastDayMinor === 'string' && typeof detail.dailyAverageMinor === 'string'
        ? t('watchList.figures.deposit_surge', {
            lastDay: formatMinor(detail.lastDayMinor, '').trim(),
            average: formatMinor(detail.dailyAverageMinor, '').trim(),
          })
        : null;
    case 'chasing_losses':
      return typeof detail.deposits === 'number'
        ? t('watchList.figures.chasing_losses', { deposits: detail.deposits })
        : null;
    case 'night_play':
      return typeof detail.nights === 'number' ? t('watchList.figures.night_play', { nights: detail.nights }) : null;
    default:
      return null;
  }
}
