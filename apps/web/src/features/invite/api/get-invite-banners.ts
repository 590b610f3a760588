import { API } from '@member-wallet/contract/api-paths';
import { type BannerItem, bannersResponse } from '@member-wallet/contract/banner';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/i18n.ts';
import { request } from '../../../lib/http.ts';

/**
 * The invite programme's banners in the reader's language. A failed read counts as "no banners" (silently):
 * the modal then opens directly.
 */
export function useInviteBanners() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['member', 'invite', 'banners', i18n.language],
    queryFn: (): Promise<BannerItem[]> =>
      request(API.inviteBanners, { schema: bannersResponse }).catch((error: unknown) => {
        console.warn('invite: banners could not be loaded', error);
        return [];
      }),
    meta: { silent: true },
  });
}
