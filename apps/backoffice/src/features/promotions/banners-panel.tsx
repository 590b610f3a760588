import {
  BANNER_PROGRAMMES,
  type BannerProgramme,
  type BannersResponseAll,
} from '@member-wallet/contract/backoffice/promotions';
import type { Locale } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { useState } from 'react';
import { Card, LocaleTabs, Outcome } from '../../components/form-parts.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/http.ts';
import { useBanners } from './api/get-banners.ts';
import { useSaveBanners } from './api/save-banners.ts';
import { type BannerDraft, BannerEditor, bannerImageValid } from './banner-editor.tsx';

/** The invite and refund banners, per language (a language with none shows the Thai ones to its members). */
export function BannersPanel() {
  const { t } = useTranslation();
  const banners = useBanners();
  if (banners.isPending) return <PageSpinner />;
  if (banners.isError) return <p role="alert">{errorText(banners.error)}</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {BANNER_PROGRAMMES.map((programme) => (
        <Card key={programme} title={t(`promotions.banners.${programme}`)} testId={`banners-${programme}`}>
          <LocaleTabs label={t(`promotions.banners.${programme}`)}>
            {(locale) => <BannersForm programme={programme} locale={locale} saved={banners.data} />}
          </LocaleTabs>
        </Card>
      ))}
    </div>
  );
}

function BannersForm({
  programme,
  locale,
  saved,
}: {
  programme: BannerProgramme;
  locale: Locale;
  saved: BannersResponseAll;
}) {
  const { t } = useTranslation();
  const save = useSaveBanners();
  const [banners, setBanners] = useState<BannerDraft[]>(saved[programme][locale] ?? []);
  const [invalid, setInvalid] = useState(false);
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const bad = banners.some((banner) => !bannerImageValid(banner.image));
        setInvalid(bad);
        if (!bad) save.mutate({ programme, locale, banners });
      }}
    >
      <BannerEditor banners={banners} onChange={setBanners} />
      {invalid ? (
        <p role="alert" className="text-sm text-red-700">
          {t('promotions.banners.imageInvalid')}
        </p>
      ) : (
        <Outcome saved={save.isSuccess} error={save.error} />
      )}
      <Button type="submit" loading={save.isPending}>
        {t('promotions.save')}
      </Button>
    </form>
  );
}
