import type { ProviderRegistry } from '../../core/games/provider-registry.ts';
import type { GamesRepository } from './games.repository.ts';

/** Net losses (stakes minus winnings, minor units) the providers recorded since each instant, to now. */
export type RecordedLosses = (
  memberId: bigint,
  since: Record<'day' | 'week' | 'month', Date>,
  now: Date,
) => Promise<Record<'day' | 'week' | 'month', bigint>>;

/**
 * What the game providers' own bet records say the member lost since each start, over every game account
 * (docs/safer-play.md, What counts): play with money that was in a game account before the period shows only
 * there. A provider that cannot answer counts as nothing recorded: the transfers still count in full.
 */
export function recordedLosses(repository: GamesRepository, registry: ProviderRegistry): RecordedLosses {
  return async (memberId, since, now) => {
    const totals = { day: 0n, week: 0n, month: 0n };
    const providers = new Map((await repository.listProviders(false)).map((row) => [row.code, row]));
    for (const account of await repository.listAccounts(memberId)) {
      const provider = providers.get(account.provider_code);
      const adapter = provider ? registry.for(provider) : undefined;
      if (!adapter) continue;
      for (const period of ['day', 'week', 'month'] as const) {
        const summary = await adapter.betSummary(account.username, since[period], now).catch(() => undefined);
        if (summary) totals[period] += summary.stakeMinor - summary.winMinor;
      }
    }
    return totals;
  };
}
