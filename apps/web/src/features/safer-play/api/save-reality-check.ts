import { API } from '@member-wallet/contract/api-paths';
import type { RealityCheckRequest } from '@member-wallet/contract/safer-play';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { statusQuery } from './get-status.ts';

export function saveRealityCheck(body: RealityCheckRequest): Promise<unknown> {
  return request(API.rgRealityCheck, { method: 'PUT', body });
}

/** The status carries the interval the reality check dialog reads: it is read again. */
export function useSaveRealityCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRealityCheck,
    onSuccess: () => client.invalidateQueries({ queryKey: statusQuery.queryKey }),
  });
}
