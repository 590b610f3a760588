import { registerOtpResponse } from '@member-wallet/contract/lookup';
import { useQuery } from '@tanstack/react-query';
import { fetchLookup } from '../../../lib/lookup.ts';

export async function getRegisterOtpFlag(): Promise<boolean> {
  const answer = await fetchLookup('registerOTP', registerOtpResponse);
  return answer.registerOTP;
}

export function useRegisterOtpFlag() {
  return useQuery({ queryKey: ['lookup', 'registerOTP'], queryFn: getRegisterOtpFlag });
}
