import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import { type WatchState, watchListPage } from '@member-wallet/contract/backoffice/safer-play';
import { usePagedQuery } from '../../../lib/paged-query.ts';

export const watchListKey = ['backoffice', 'watch-list'] as const;

export function useWatchList(state: WatchState, page: number) {
  return usePagedQuery({
    queryKey: [...watchListKey, state, page],
    path: BACKOFFICE_API.watchList,
    query: new URLSearchParams({ state }),
    page,
    schema: watchListPage,
  });
}
