import { API } from '@member-wallet/contract/api-paths';
import { type ChatConfigResponse, chatConfigResponse } from '@member-wallet/contract/chat';
import { request } from '../../../lib/http.ts';
import { type ChatIdentity, chatCallOptions } from '../chat-identity.ts';

/** The room prefix and the Socket.IO path of this site. */
export function getChatConfig(identity: ChatIdentity): Promise<ChatConfigResponse> {
  return request(API.chatConfig, { schema: chatConfigResponse, ...chatCallOptions(identity) });
}
