import { API } from '@member-wallet/contract/api-paths';
import { depositLookupResponse } from '@member-wallet/contract/deposit';
import type { Router } from '../../lib/route.ts';
import type { DepositChannelsService } from './deposit-channels.service.ts';

/** `GET /api/lookup/deposit` (docs/deposits/README.md, deposit channels). */
export function depositChannelRoutes(route: Router, channels: DepositChannelsService) {
  route({
    method: 'GET',
    url: API.lookup('deposit'),
    auth: true,
    summary: "Deposit channels of the member's currency: bank accounts (AUTO, MANUAL), QR gateways, TrueMoney",
    tags: ['lookup'],
    response: depositLookupResponse,
    handler: ({ auth }) => channels.forMember(auth.memberId),
  });
}
