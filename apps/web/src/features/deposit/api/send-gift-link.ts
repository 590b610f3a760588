import { API } from '@member-wallet/contract/api-paths';
import { encryptGiftLink, truelinkLookupResponse } from '@member-wallet/contract/truelink';
import { type MoneyActionResponse, moneyActionResponse } from '@member-wallet/contract/wallet';
import { useMutation } from '@tanstack/react-query';
import { request, toastError } from '../../../lib/http.ts';
import { useIdempotencyKey } from '../../../lib/idempotency.ts';
import { fetchLookup } from '../../../lib/lookup.ts';

/**
 * Sends a TrueMoney gift link (spec section 7): the link is encrypted with the key the server hands out
 * (`GET /api/lookup/truelink`, read afresh each time so a rotated key is picked up), then posted.
 */
export async function sendGiftLink(link: string, idempotencyKey: string): Promise<MoneyActionResponse> {
  const { keyId, key } = await fetchLookup('truelink', truelinkLookupResponse);
  const envelope = await encryptGiftLink(link, { id: keyId, key });
  return request(API.walletTruelink, {
    method: 'POST',
    body: { link: envelope },
    schema: moneyActionResponse,
    idempotencyKey,
  });
}

/**
 * Each envelope has a fresh random IV, so the key follows the link the member typed, not the body sent:
 * sending the same link again after a lost answer is the same action.
 */
export function useSendGiftLink() {
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (link: string) => sendGiftLink(link, idempotency.keyFor({ giftLink: link })),
    onSettled: (_answer, error) => idempotency.settle(error ?? undefined),
    onError: toastError,
  });
}
