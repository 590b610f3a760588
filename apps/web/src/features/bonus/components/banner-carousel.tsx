import type { BannerItem } from '@member-wallet/contract/banner';
import { type KeyboardEvent, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/member-icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { sanitizeHtml } from '../../../lib/safe-html.ts';
import { safeImageUrl } from '../../../lib/safe-url.ts';

/** A swipe shorter than this is a tap (as in components/image-carousel.tsx). */
const SWIPE_PX = 40;
/** The demo banners are 2:1; every image is fitted into this box so the html below never jumps. */
const IMAGE = { width: 600, height: 300 } as const;

const ARROW_CLASS =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500';

export interface BannerCarouselProps {
  banners: readonly BannerItem[];
  /** Applied to each banner's html before it is sanitized (the bonus fills in its `%percentFail%`). */
  fill?: (html: string) => string;
}

/**
 * The banners of one bonus inside its modal (spec section 2, Bonus page): the image and the operator's html
 * (sanitized by lib/safe-html.ts), one at a time, turned by the arrows, the dots, the arrow keys or a swipe.
 * components/image-carousel.tsx is a dialog of its own; this one lives inside the bonus modal, under its title.
 */
export function BannerCarousel({ banners, fill = (html) => html }: BannerCarouselProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const count = banners.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const banner = banners[current];
  if (!banner) return null;

  const turn = (step: number) => {
    if (count > 1) setIndex((value) => (Math.min(value, count - 1) + step + count) % count);
  };
  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') turn(-1);
    else if (event.key === 'ArrowRight') turn(1);
  }
  const image = safeImageUrl(banner.image);

  return (
    <section
      aria-roledescription={t('carousel.roledescription')}
      aria-label={t('carousel.label')}
      onKeyDown={onKeyDown}
      className="space-y-2"
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
          className="space-y-2"
        >
          {image ? (
            <img
              key={current}
              decoding="async"
              src={image}
              alt=""
              width={IMAGE.width}
              height={IMAGE.height}
              draggable={false}
              className="aspect-[2/1] w-full rounded-xl bg-slate-100 object-cover"
            />
          ) : null}
          <div
            className="space-y-2 text-slate-800 [&_a]:text-brand-800 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
            data-i18n-exempt=""
            // biome-ignore lint/security/noDangerouslySetInnerHtml: operator html, allow-listed by sanitizeHtml
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(fill(banner.html)) }}
          />
        </div>
      </div>
      {count > 1 ? (
        <div className="flex items-center justify-between gap-1">
          <button type="button" onClick={() => turn(-1)} aria-label={t('carousel.previous')} className={ARROW_CLASS}>
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
  );
}
