import { BACKOFFICE_API } from '@member-wallet/contract/backoffice/api-paths';
import type { EnrolmentCompleteRequest } from '@member-wallet/contract/backoffice/operator-accounts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';

function completeEnrolment(input: EnrolmentCompleteRequest) {
  return request(BACKOFFICE_API.enrolmentComplete, { method: 'POST', body: input });
}

/**
 * Sets the password and proves the authenticator with a first code. `gcTime: 0`: what was sent (the password)
 * leaves the mutation cache as soon as the form is gone.
 */
export function useCompleteEnrolment() {
  return useMutation({ mutationFn: completeEnrolment, gcTime: 0 });
}
