import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type BannerProgramme,
  type BannersUpdate,
  bannersResponseAll,
} from '@member-wallet/contract/backoffice/promotions';
import type { Locale } from '@member-wallet/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/http.ts';
import { bannersKey } from './get-banners.ts';

type BannersChange = { programme: BannerProgramme; locale: Locale } & BannersUpdate;

/** Replaces the banners of one programme and language; the answer is every banner. */
function saveBanners({ programme, locale, banners }: BannersChange) {
  return request(settingsPath(BACKOFFICE_API.bannersUpdate, { programme, locale }), {
    method: 'PUT',
    body: { banners },
    schema: bannersResponseAll,
  });
}

export function useSaveBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBanners,
    onSuccess: (saved) => queryClient.setQueryData(bannersKey, saved),
  });
}
