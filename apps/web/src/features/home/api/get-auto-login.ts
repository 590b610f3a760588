import { API } from '@member-wallet/contract/api-paths';
import { AUTO_LOGIN, autoLoginResponse, type SlotAccountResponse } from '@member-wallet/contract/wallet';
import { request } from '../../../lib/http.ts';

type AutoLoginCode = keyof typeof AUTO_LOGIN;

export function hasAutoLogin(code: string): code is AutoLoginCode {
  return Object.hasOwn(AUTO_LOGIN, code);
}

/** The launch link of a provider with an auto-login path (spec section 7, Auto-login). */
export async function getAutoLogin(code: AutoLoginCode, account: SlotAccountResponse): Promise<string> {
  const { path, password } = AUTO_LOGIN[code];
  const answer = await request(API.autoLogin(path, account.username, password ? account.password : undefined), {
    schema: autoLoginResponse,
  });
  return answer.link;
}
