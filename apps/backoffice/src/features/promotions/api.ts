import { BACKOFFICE_API, settingsPath } from '@member-wallet/contract/backoffice/api-paths';
import {
  type BannerProgramme,
  type BannersUpdate,
  type BonusCreateRequest,
  type BonusUpdateRequest,
  backofficeBonus,
  bannersResponseAll,
  bonusPage,
  type InviteSettingsValue,
  inviteSettingsSchema,
  MEDIA_FILE_FIELD,
  mediaUploadResponse,
  type RefundSettingsValue,
  refundSettingsSchema,
  type SpinSettingsUpdate,
  spinSettingsResponse,
} from '@member-wallet/contract/backoffice/promotions';
import type { Locale } from '@member-wallet/contract/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadCsv } from '../../lib/download.ts';
import { errorFromAnswer, readJson, request, send } from '../../lib/http.ts';

/** Definitions a page of the list shows. */
export const BONUS_PAGE_SIZE = 20;
export type BonusKind = BonusCreateRequest['kind'];

const promotionsKey = ['backoffice', 'promotions'] as const;
const bonusesKey = [...promotionsKey, 'bonuses'] as const;

export function useBonuses(kind: BonusKind, page: number) {
  return useQuery({
    queryKey: [...bonusesKey, kind, page],
    queryFn: () =>
      request(`${BACKOFFICE_API.bonusList}?kind=${kind}&page=${page}&limit=${BONUS_PAGE_SIZE}`, { schema: bonusPage }),
    placeholderData: keepPreviousData,
  });
}

/** Every definition of the kind as CSV, built by the server (GET …/bonuses.csv). */
export function downloadBonusesCsv(kind: BonusKind): Promise<void> {
  return downloadCsv(`${BACKOFFICE_API.bonusesCsv}?kind=${kind}`, `bonuses-${kind}.csv`);
}

/** Creates (no `code` in the path) or changes a definition; the lists are read again afterwards. */
export function useSaveBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { create: BonusCreateRequest } | { code: string; update: BonusUpdateRequest }) =>
      'create' in input
        ? request(BACKOFFICE_API.bonusList, { method: 'POST', body: input.create, schema: backofficeBonus })
        : request(settingsPath(BACKOFFICE_API.bonusUpdate, { code: input.code }), {
            method: 'PUT',
            body: input.update,
            schema: backofficeBonus,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bonusesKey }),
  });
}

/** The invite or refund programme: read, and replaced whole; the answer is what the member side now reads. */
function programme<Value>(read: string, write: string, schema: { parse(data: unknown): Value }, name: string) {
  const key = [...promotionsKey, name] as const;
  return {
    useValue: () => useQuery({ queryKey: key, queryFn: () => request(read, { schema }) }),
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (value: Value) => request(write, { method: 'PUT', body: value, schema }),
        onSuccess: (saved) => queryClient.setQueryData(key, saved),
      });
    },
  };
}

export const invite = programme<InviteSettingsValue>(
  BACKOFFICE_API.inviteSettings,
  BACKOFFICE_API.inviteSettings,
  inviteSettingsSchema,
  'invite',
);
export const refund = programme<RefundSettingsValue>(
  BACKOFFICE_API.refundSettings,
  BACKOFFICE_API.refundSettings,
  refundSettingsSchema,
  'refund',
);

const spinKey = [...promotionsKey, 'spin'] as const;

export function useSpinSettings() {
  return useQuery({
    queryKey: spinKey,
    queryFn: () => request(BACKOFFICE_API.spinSettings, { schema: spinSettingsResponse }),
  });
}

export function useSaveSpin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SpinSettingsUpdate) =>
      request(BACKOFFICE_API.spinSettings, { method: 'PUT', body: change, schema: spinSettingsResponse }),
    onSuccess: (saved) => queryClient.setQueryData(spinKey, saved),
  });
}

const bannersKey = [...promotionsKey, 'banners'] as const;

export function useBanners() {
  return useQuery({
    queryKey: bannersKey,
    queryFn: () => request(BACKOFFICE_API.banners, { schema: bannersResponseAll }),
  });
}

export function useSaveBanners() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programme, locale, banners }: { programme: BannerProgramme; locale: Locale } & BannersUpdate) =>
      request(settingsPath(BACKOFFICE_API.bannersUpdate, { programme, locale }), {
        method: 'PUT',
        body: { banners },
        schema: bannersResponseAll,
      }),
    onSuccess: (saved) => queryClient.setQueryData(bannersKey, saved),
  });
}

/** Uploads a picture (multipart) and answers the URL a banner uses. */
export async function uploadMedia(file: File): Promise<string> {
  const form = new FormData();
  form.append(MEDIA_FILE_FIELD, file);
  const response = await send(BACKOFFICE_API.mediaUpload, { method: 'POST', body: form, timeoutMs: null });
  const data = await readJson(response);
  if (!response.ok) throw errorFromAnswer(response.status, data);
  return mediaUploadResponse.parse(data).url;
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
