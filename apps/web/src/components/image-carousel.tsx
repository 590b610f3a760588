import type { BannerItem } from '@member-wallet/contract/banner';
import { useTranslation } from '../i18n/i18n.ts';
import { BannerSlides } from './banner-slides.tsx';
import { Modal } from './modal.tsx';

export interface ImageCarouselProps {
  open: boolean;
  banners: readonly BannerItem[];
  /** Fires however the carousel is closed (close button, Escape, backdrop): the invite and refund flows open
   * their own modal then (spec section 2, "Invite and refund modals"). */
  onClose: () => void;
  /** The dialog's title; "Promotions" when not given. */
  title?: string;
}

/**
 * Promotion banners in a dialog (spec section 2). The dialog renders nothing while closed, so the slides
 * always open on the first banner.
 */
export function ImageCarousel({ open, banners, onClose, title }: ImageCarouselProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={title ?? t('carousel.title')}>
      <BannerSlides banners={banners} layout="dialog" />
    </Modal>
  );
}
