import { PROMO_URL } from '@member-wallet/contract/backoffice/promotions';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { useId } from 'react';
import { TextArea } from '../../components/form-parts.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/http.ts';
import { useUploadMedia } from './api/upload-media.ts';

export interface BannerDraft {
  image: string;
  html: string;
}

/** The image addresses the server takes: https, or a path on this site (an uploaded picture's). */
export function bannerImageValid(image: string): boolean {
  return PROMO_URL.test(image) && image.length <= 2048;
}

/**
 * A list of banners: each an image (uploaded here, or an address) with its preview, and operator HTML (the member
 * app sanitizes it). Banners can be moved up or down and removed; the parent saves the list.
 */
export function BannerEditor({
  banners,
  onChange,
  max = 10,
}: {
  banners: BannerDraft[];
  onChange: (banners: BannerDraft[]) => void;
  max?: number;
}) {
  const { t } = useTranslation();
  const set = (index: number, change: Partial<BannerDraft>) =>
    onChange(banners.map((banner, each) => (each === index ? { ...banner, ...change } : banner)));
  const move = (index: number, by: number) => {
    const next = [...banners];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <div className="space-y-3">
      {banners.length === 0 ? <p className="text-sm text-slate-600">{t('promotions.banners.none')}</p> : null}
      <ol className="space-y-3">
        {banners.map((banner, index) => (
          // Banners have no id of their own: the position is the identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="space-y-2 rounded-xl border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">{t('promotions.banners.item', { number: index + 1 })}</p>
            <BannerImage banner={banner} onImage={(image) => set(index, { image })} />
            <TextArea
              label={t('promotions.banners.html')}
              value={banner.html}
              onChange={(html) => set(index, { html })}
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" disabled={index === 0} onClick={() => move(index, -1)}>
                {t('promotions.banners.up')}
              </Button>
              <Button variant="secondary" disabled={index === banners.length - 1} onClick={() => move(index, 1)}>
                {t('promotions.banners.down')}
              </Button>
              <Button variant="ghost" onClick={() => onChange(banners.filter((_, each) => each !== index))}>
                {t('promotions.banners.remove')}
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        disabled={banners.length >= max}
        onClick={() => onChange([...banners, { image: '', html: '' }])}
      >
        {t('promotions.banners.add')}
      </Button>
    </div>
  );
}

function BannerImage({ banner, onImage }: { banner: BannerDraft; onImage: (image: string) => void }) {
  const { t } = useTranslation();
  const upload = useUploadMedia();
  const fileId = useId();
  const invalid = banner.image !== '' && !bannerImageValid(banner.image);
  return (
    <div className="space-y-2">
      {banner.image && !invalid ? (
        <img
          src={banner.image}
          alt={t('promotions.banners.preview')}
          className="max-h-40 w-full rounded-lg bg-slate-100 object-contain"
        />
      ) : null}
      <TextField
        label={t('promotions.banners.image')}
        name="image"
        inputMode="url"
        value={banner.image}
        error={invalid ? t('promotions.banners.imageInvalid') : null}
        onChange={(event) => onImage(event.target.value)}
      />
      <div>
        <label htmlFor={fileId} className="mb-1 block text-slate-800">
          {t('promotions.banners.upload')}
        </label>
        <input
          id={fileId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file, { onSuccess: onImage });
          }}
          className="block min-h-11 w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-xl file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
        />
        <p className="mt-1 text-sm text-slate-500">{t('promotions.banners.uploadHint')}</p>
        {upload.error ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errorText(upload.error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
