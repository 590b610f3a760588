import { API } from '@member-wallet/contract/api-paths';
import { type BlockResponse, blockResponse } from '@member-wallet/contract/safer-play';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { statusQuery } from './get-status.ts';

export function requestReopen(): Promise<BlockResponse> {
  return request(API.rgReopen, { method: 'POST', schema: blockResponse });
}

/** The answer is the block as it now stands (with `reopensAt`): it goes into the cached status. */
export function useRequestReopen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestReopen,
    onSuccess: (answer) =>
      client.setQueryData(statusQuery.queryKey, (status) => (status ? { ...status, block: answer.block } : status)),
  });
}
