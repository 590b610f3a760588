import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { watchCloseResponse } from '@member-wallet/contract/backoffice/safer-play';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { watchListKey } from './get-watch-list.ts';

function closeWatchItem({ id, note }: { id: string; note: string }) {
  return request(backofficePath(BACKOFFICE_API.watchListClose, id), {
    method: 'POST',
    body: { note },
    schema: watchCloseResponse,
  });
}

/** Closes an item with the operator's note; the list (and the dashboard's count) is read again whatever the answer. */
export function useCloseWatchItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeWatchItem,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: watchListKey }),
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'dashboard'] }),
      ]),
  });
}
