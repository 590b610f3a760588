import type { BannerItem } from '@member-wallet/contract/banner';
import { Spinner } from '@member-wallet/ui/spinner';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { ImageCarousel } from './image-carousel.tsx';

/**
 * The invite and refund flows of spec section 2: their banners are fetched first; with none (or when they
 * cannot be read: banners are decoration, never a reason to keep the member out) `children`, the modal, shows
 * at once; otherwise the carousel shows first and the modal opens when the carousel is closed.
 */
export function BannersFirst({
  banners,
  title,
  children,
}: {
  /** The banners once fetched; undefined while they load; an empty list when there are none or none could be read. */
  banners: readonly BannerItem[] | undefined;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [carouselClosed, setCarouselClosed] = useState(false);
  if (banners === undefined) {
    return (
      <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/30">
        <span className="rounded-xl bg-white p-4 shadow-lg">
          <Spinner label={t('promotions.opening')} />
        </span>
      </div>
    );
  }
  if (banners.length > 0 && !carouselClosed) {
    return <ImageCarousel open banners={banners} title={title} onClose={() => setCarouselClosed(true)} />;
  }
  return children;
}
