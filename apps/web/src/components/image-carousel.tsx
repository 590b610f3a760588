import type { BannerItem } from '@member-wallet/contract/banner';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { sanitizeHtml } from '../lib/safe-html.ts';
import { safeImageUrl } from '../lib/safe-url.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './member-icons.tsx';
import { Modal } from './modal.tsx';

/** A swipe shorter than this is a tap (as in the home's game carousel). */
const SWIPE_PX = 40;
/**
 * The box every banner image is fitted into, so the html below never jumps when the image arrives.
 * Operators' banners come in several shapes; `object-contain` shows each whole.
 */
const IMAGE = { width: 640, height: 360 } as const;

const ARROW_CLASS =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500';

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
 * Promotion banners in a dialog (spec section 2): one banner at a time, its image and the operator's html
 * below it (sanitized), turned by the previous and next buttons, the dots, the arrow keys or a swipe. It
 * always opens on the first banner.
 */
export function ImageCarousel({ open, banners, onClose, title }: ImageCarouselProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const count = banners.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const banner = banners[current];

  useEffect(() => {
    if (open) setIndex(0);
  }, [open]);

  const turn = (step: number) => {
    if (count > 1) setIndex((value) => (Math.min(value, count - 1) + step + count) % count);
  };

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') turn(-1);
    else if (event.key === 'ArrowRight') turn(1);
  }

  const image = banner ? safeImageUrl(banner.image) : undefined;

  return (
    <Modal open={open} onClose={onClose} title={title ?? t('carousel.title')}>
      {banner ? (
        <section
          aria-roledescription={t('carousel.roledescription')}
          aria-label={t('carousel.label')}
          onKeyDown={onKeyDown}
          className="space-y-3"
        >
          <div
            aria-live="polite"
            style={{ touchAction: 'pan-y' }}
            onPointerDown={(event) => {
              swipeStart.current = event.clientX;
            }}
            onPointerUp={(event) => {
              const start = swipeStart.current;
              swipeStart.current = null;
              if (start === null || Math.abs(event.clientX - start) < SWIPE_PX) return;
              turn(event.clientX < start ? 1 : -1);
            }}
          >
            {/* biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA APG carousel), not a form fieldset */}
            <div
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideLabel', { index: current + 1, count })}
              className="space-y-3"
            >
              {image ? (
                <img
                  // A new element per banner: the previous picture never shows under the next one's text.
                  key={current}
                  loading="lazy"
                  decoding="async"
                  src={image}
                  alt=""
                  width={IMAGE.width}
                  height={IMAGE.height}
                  draggable={false}
                  className="aspect-video w-full rounded-xl bg-slate-100 object-contain"
                />
              ) : null}
              <div
                className="space-y-2 text-slate-800 [&_a]:text-brand-800 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
                data-i18n-exempt=""
                // biome-ignore lint/security/noDangerouslySetInnerHtml: operator html, allow-listed by sanitizeHtml
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(banner.html) }}
              />
            </div>
          </div>
          {count > 1 ? (
            <div className="flex items-center justify-between gap-1">
              <button
                type="button"
                onClick={() => turn(-1)}
                aria-label={t('carousel.previous')}
                className={ARROW_CLASS}
              >
                <ChevronLeftIcon />
              </button>
              <ul aria-label={t('carousel.dots')} className="flex flex-wrap justify-center">
                {banners.map((_banner, dot) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a dot stands for a position, not for a banner
                  <li key={dot}>
                    <button
                      type="button"
                      onClick={() => setIndex(dot)}
                      aria-label={t('carousel.goTo', { index: dot + 1 })}
                      aria-current={dot === current ? 'true' : undefined}
                      className="group inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-brand-500"
                    >
                      <span
                        className={`block size-2.5 rounded-full ${dot === current ? 'bg-brand-700' : 'bg-slate-300 group-hover:bg-slate-400'}`}
                      />
                    </button>
                  </li>
                ))}
              </ul>
              <button type="button" onClick={() => turn(1)} aria-label={t('carousel.next')} className={ARROW_CLASS}>
                <ChevronRightIcon />
              </button>
            </div>
          ) : null}
        </section>
      ) : null}
    </Modal>
  );
}
