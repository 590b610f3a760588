import { HOME_CAROUSEL, type Locale } from '@member-wallet/contract/constants';
import type { SlotItem } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { type KeyboardEvent, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/member-icons.tsx';
import { useInViewport } from '../../../hooks/use-in-viewport.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { type Currency, formatMoneyMinor } from '../../../lib/format.ts';
import { safeImageUrl } from '../../../lib/safe-url.ts';
import { slotValueMinor } from '../money.ts';

/** A swipe shorter than this is a tap. */
const SWIPE_PX = 40;

/** Where card `index` sits relative to the current one on a ring of `count` cards: -1 left, 0 front, 1 right. */
function ringOffset(index: number, current: number, count: number): number {
  const ahead = (index - current + count) % count;
  return ahead > count / 2 ? ahead - count : ahead;
}

/** The coverflow transform of a card: the front one flat, its neighbours turned away behind it. */
function cardTransform(offset: number): string {
  if (offset === 0) return 'translateX(-50%)';
  return `translateX(calc(-50% + ${offset * 42}%)) translateZ(-120px) rotateY(${offset * -35}deg)`;
}

interface CarouselProps {
  title: string;
  slots: readonly SlotItem[];
  locale: Locale;
  currency: Currency;
  activating: string | null;
  onView: (slot: SlotItem) => void;
  onActivate: (slot: SlotItem) => void;
  /**
   * Whether this carousel is on the first screen (the home's first one). Its cards' images load at once, the
   * front background first, as it is the page's largest paint; every other carousel's images wait until the
   * carousel scrolls into view, so they do not compete with it (docs/performance.md).
   */
  firstScreen?: boolean;
}

/** How a card's images load: at once (the largest paint first), lazily, or not yet (off screen). */
type ImageLoading = 'largest' | 'eager' | 'lazy' | 'none';

function imageAttributes(loading: ImageLoading) {
  return {
    loading: loading === 'largest' || loading === 'eager' ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    fetchPriority: loading === 'largest' ? ('high' as const) : undefined,
  };
}

function Card(
  props: Omit<CarouselProps, 'title' | 'slots' | 'firstScreen'> & { slot: SlotItem; images: ImageLoading },
) {
  const { t } = useTranslation();
  const { slot } = props;
  const { images } = props;
  const background = images === 'none' ? undefined : safeImageUrl(slot.background);
  const logo = images === 'none' ? undefined : safeImageUrl(slot.logo);
  return (
    <div className="relative h-full overflow-hidden rounded-2xl bg-[#134e4a] text-[#fff] shadow-lg">
      {background ? (
        <img
          // Before src: a browser may start the download as soon as src is set, before it reads loading.
          {...imageAttributes(images)}
          src={background}
          alt=""
          width={HOME_CAROUSEL.width}
          height={HOME_CAROUSEL.height}
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
      <div className="absolute inset-0 bg-gradient-to-t from-slate-950/90 via-slate-950/50 to-slate-950/20" />
      <div className="relative flex h-full flex-col justify-between p-4">
        {logo ? (
          <img
            {...imageAttributes(images === 'largest' ? 'eager' : images)}
            src={logo}
            alt=""
            width={120}
            height={48}
            className="h-12 w-auto self-start object-contain"
          />
        ) : (
          <span />
        )}
        <div className="space-y-2">
          <p className="font-semibold" data-i18n-exempt="">
            {slot.name}
          </p>
          {slot.isActive ? (
            <p className="text-2xl font-semibold" translate="no">
              {formatMoneyMinor(props.locale, slotValueMinor(slot), props.currency)}
            </p>
          ) : null}
          {slot.isActive ? (
            <Button variant="secondary" onClick={() => props.onView(slot)}>
              {t('home.viewData')}
            </Button>
          ) : (
            <Button loading={props.activating === slot.code} onClick={() => props.onActivate(slot)}>
              {t('home.openAccount')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * A "3D" ring of game-account cards (spec section 2, Home): the front card and its two neighbours turned away
 * in perspective. Buttons, arrow keys and swipes turn it; reduced motion turns off the animation.
 */
export function GameCarousel({ title, slots, firstScreen = false, ...cardProps }: CarouselProps) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(0);
  // The cards, not the title: a title peeking in at the bottom of the first screen does not load them yet.
  const [inViewport, ref] = useInViewport<HTMLDivElement>();
  const images: (front: boolean) => ImageLoading = (front) => {
    if (firstScreen) return front ? 'largest' : 'eager';
    return inViewport ? 'lazy' : 'none';
  };
  const swipeStart = useRef<number | null>(null);
  const count = slots.length;
  const turn = (step: number) => setCurrent((index) => (index + step + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') turn(-1);
    else if (event.key === 'ArrowRight') turn(1);
  }

  return (
    <section aria-roledescription={t('home.carousel')} aria-label={title} onKeyDown={onKeyDown} className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {count > 1 ? (
          <div className="flex gap-1">
            <button
              type="button"
              onClick={() => turn(-1)}
              aria-label={t('home.previous')}
              className="inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500"
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              onClick={() => turn(1)}
              aria-label={t('home.next')}
              className="inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500"
            >
              <ChevronRightIcon />
            </button>
          </div>
        ) : null}
      </div>
      <div
        ref={ref}
        className="relative -mx-4 overflow-hidden [perspective:1000px]"
        style={{ height: HOME_CAROUSEL.height, touchAction: 'pan-y' }}
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
        {slots.map((slot, index) => {
          const offset = ringOffset(index, current, count);
          if (Math.abs(offset) > 1) return null;
          const front = offset === 0;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group (WAI-ARIA APG carousel), not a form fieldset
            <div
              key={slot.code}
              role="group"
              aria-roledescription={t('home.slide')}
              aria-label={t('home.slideLabel', { index: index + 1, count, name: slot.name })}
              aria-hidden={front ? undefined : true}
              inert={!front}
              className={`absolute top-0 left-1/2 max-w-[calc(100%-2rem)] transition-transform duration-500 ease-out motion-reduce:transition-none ${front ? 'z-10' : 'z-0 opacity-70'}`}
              style={{ width: HOME_CAROUSEL.width, height: HOME_CAROUSEL.height, transform: cardTransform(offset) }}
            >
              <Card slot={slot} images={images(front)} {...cardProps} />
            </div>
          );
        })}
      </div>
    </section>
  );
}
