import { API } from '@member-wallet/contract/api-paths';
import { type SpinSetupResponse, spinSetupResponse } from '@member-wallet/contract/spin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { request } from '../../../lib/http.ts';

export function getSpinSetup(): Promise<SpinSetupResponse> {
  return request(API.spinSetup, { schema: spinSetupResponse });
}

/** Every query of the wheel starts with this key: closing a modal reloads them all at once. */
export const SPIN_QUERY_KEY = ['member', 'spin'] as const;

/** The running wheel and the member's coins. The labels come in the reader's language, hence the key. */
export function spinSetupQuery(language: string) {
  return queryOptions({
    queryKey: [...SPIN_QUERY_KEY, 'setup', language],
    queryFn: getSpinSetup,
  });
}

export function useSpinSetup() {
  const { i18n } = useTranslation();
  return useQuery(spinSetupQuery(i18n.language));
}
