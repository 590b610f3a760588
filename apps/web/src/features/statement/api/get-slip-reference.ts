import { API } from '@member-wallet/contract/api-paths';
import { slipReferenceResponse } from '@member-wallet/contract/slip';
import { request } from '../../../lib/http.ts';

/** Where the picture of a slip without a `link` can be seen (spec section 7, Statement). */
export async function getSlipReference(reference: string): Promise<string> {
  const answer = await request(API.statementSlipReference(reference), { schema: slipReferenceResponse });
  return answer.url;
}
