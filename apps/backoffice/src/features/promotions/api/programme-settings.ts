import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request, type Schema } from '../../../lib/http.ts';
import { pendingChangesKey } from '../../../lib/pending-changes-key.ts';
import { rewardAnswer } from './reward-answer.ts';

/**
 * A promotion programme's settings (invite, refund): read, and replaced whole at the same path; the answer is
 * what the member side now reads, with the change when it waits for a second admin (202).
 */
export function programmeSettings<Value>(
  path: string,
  schema: Schema<Value>,
  waiting: Schema<{ change: PendingChange; programme: Value }>,
  name: string,
) {
  const key = ['backoffice', 'promotions', name] as const;
  const answer = rewardAnswer(schema, waiting, 'programme');
  return {
    useValue: () => useQuery({ queryKey: key, queryFn: () => request(path, { schema }) }),
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (value: Value) => request(path, { method: 'PUT', body: value, schema: answer }),
        onSuccess: (saved) => {
          queryClient.setQueryData(key, saved.value);
          return queryClient.invalidateQueries({ queryKey: pendingChangesKey });
        },
      });
    },
  };
}
