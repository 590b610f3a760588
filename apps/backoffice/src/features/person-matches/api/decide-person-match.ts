import { BACKOFFICE_API, backofficePath } from '@member-wallet/contract/backoffice/api-paths';
import { type PersonMatchDecision, personMatchResponse } from '@member-wallet/contract/backoffice/person-matches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { personMatchesKey } from './get-person-matches.ts';

/** Same person (`link`) or different people (`dismiss`), with an optional note. */
function decidePersonMatch({
  id,
  decision,
  note,
}: {
  id: string;
  decision: PersonMatchDecision['decision'];
  note: string;
}) {
  return request(backofficePath(BACKOFFICE_API.personMatchDecide, id), {
    method: 'POST',
    body: note.trim() ? { decision, note: note.trim() } : { decision },
    schema: personMatchResponse,
  });
}

/** The queue is read again whatever the answer. */
export function usePersonMatchDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decidePersonMatch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: personMatchesKey }),
  });
}
