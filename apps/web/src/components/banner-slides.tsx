import type { BannerItem } from '@member-wallet/contract/banner';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from '../i18n/i18n.ts';
import { sanitizeHtml } from '../lib/safe-html.ts';
import { safeImageUrl } from '../lib/safe-url.ts';
import { ChevronLeftIcon, ChevronRightIcon } from './member-icons.tsx';

/** A swipe shorter than this is a tap (as in the home's game carousel). */
const SWIPE_PX = 40;

/**
 * The box every banner image is fitted into, so the html below never jumps when the image arrives. In a dialog
 * of its own (`dialog`) operators' banners come in several shapes, and `object-contain` shows each whole; inside
 * the bonus modal (`inline`) the bonus banners are 2:1 and fill their box.
 */
const LAYOUTS = {
  dialog: { width: 640, height: 360, image: 'aspect-video object-contain', lazy: true, gap: 'space-y-3' },
  inline: { width: 600, height: 300, image: 'aspect-[2/1] object-cover', lazy: false, gap: 'space-y-2' },
} as const;

const ARROW_CLASS =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500';

export interface BannerSlidesProps {
  banners: readonly BannerItem[];
  layout: keyof typeof LAYOUTS;
  /** Applied to each banner's html before it is sanitized (the bonus fills in its `%percentFail%`). */
  fill?: (html: string) => string;
}

/**
 * Operator banners one at a time (spec section 2): the image and the operator's html below it (sanitized by
 * lib/safe-html.ts), turned by the previous and next buttons, the dots, the arrow keys or a swipe. It starts on
 * the first banner each time it is shown. components/image-carousel.tsx puts it in a dialog of its own; the
 * bonus modal shows it under its title.
 */
export function BannerSlides({ banners, layout, fill = (html) => html }: BannerSlidesProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const count = banners.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const banner = banners[current];
  if (!banner) return null;
  const box = LAYOUTS[layout];

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
      className={box.gap}
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
          className={box.gap}
        >
          {image ? (
            <img
              // A new element per banner: the previous picture never shows under the next one's text.
              key={current}
              loading={box.lazy ? 'lazy' : undefined}
              decoding="async"
              src={image}
              alt=""
              width={box.width}
              height={box.height}
              draggable={false}
              className={`w-full rounded-xl bg-slate-100 ${box.image}`}
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
