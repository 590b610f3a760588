import { HOWTO_VIDEOS, type HowtoVideo } from '@member-wallet/contract/constants';
import type { HowtoItem } from '@member-wallet/contract/lookup';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { useState } from 'react';
import { PlayIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { safeLinkUrl } from '../../../lib/safe-url.ts';
import { useHowto } from '../api/get-howto.ts';

const TITLE_KEYS = {
  wallet: 'howto.videos.wallet',
  playGame: 'howto.videos.playGame',
  checkBalance: 'howto.videos.checkBalance',
  receiveBonus: 'howto.videos.receiveBonus',
  endBonus: 'howto.videos.endBonus',
} as const satisfies Record<HowtoVideo, string>;

function isHowtoVideo(key: string): key is HowtoVideo {
  return (HOWTO_VIDEOS as readonly string[]).includes(key);
}

type Video = HowtoItem & { key: HowtoVideo };

/** The five known videos, in the spec's order; unknown keys and unsafe URLs are left out. */
function knownVideos(items: readonly HowtoItem[]): Video[] {
  return HOWTO_VIDEOS.flatMap((key) => {
    const item = items.find((candidate) => candidate.key === key);
    const url = item ? (safeLinkUrl(item.url) ?? (item.url.startsWith('/') ? item.url : undefined)) : undefined;
    return item && url && isHowtoVideo(item.key) ? [{ ...item, key, url }] : [];
  });
}

export function HowtoScreen() {
  const { t } = useTranslation();
  const howto = useHowto();
  const [open, setOpen] = useState<Video | null>(null);
  const videos = knownVideos(howto.data ?? []);

  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t('howto.title')}</h1>
        <p className="mt-1 text-slate-600">{t('howto.subtitle')}</p>
      </header>
      {howto.isPending ? <PageSpinner /> : null}
      {howto.isSuccess && videos.length === 0 ? <p className="text-slate-600">{t('howto.empty')}</p> : null}
      <ul className="grid grid-cols-2 gap-3">
        {videos.map((video, index) => {
          const title = t(TITLE_KEYS[video.key]);
          const demoId = `howto-demo-${video.key}`;
          // Five cards: the first spans the row so the other four form an even grid. The demo mark lies over the
          // card, outside its button, and describes it: the button's name holds all the button shows (WCAG 2.5.3).
          return (
            <li key={video.key} className={`relative ${index === 0 && videos.length % 2 === 1 ? 'col-span-2' : ''}`}>
              <button
                type="button"
                onClick={() => setOpen(video)}
                aria-label={t('howto.watch', { title })}
                aria-describedby={video.demo ? demoId : undefined}
                className="group flex h-full min-h-24 w-full flex-col justify-between gap-3 rounded-2xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 hover:ring-brand-500 focus-visible:outline-3 focus-visible:outline-brand-500"
              >
                <span className="flex size-11 items-center justify-center rounded-full bg-brand-700 text-white group-hover:bg-brand-800">
                  <PlayIcon className="size-7" />
                </span>
                <span className="font-semibold text-slate-900">{title}</span>
              </button>
              {video.demo ? (
                <span className="pointer-events-none absolute top-4 right-4 flex h-11 items-center">
                  <span
                    id={demoId}
                    className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                  >
                    {t('howto.demo')}
                  </span>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Modal open={open !== null} onClose={() => setOpen(null)} title={open ? t(TITLE_KEYS[open.key]) : ''}>
        {open ? (
          <div className="space-y-2">
            {open.demo ? (
              <p className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                {t('howto.demo')}
              </p>
            ) : null}
            {/* biome-ignore lint/a11y/useMediaCaption: the how-to clips carry no speech */}
            <video
              key={open.url}
              src={open.url}
              controls
              playsInline
              preload="metadata"
              className="aspect-video w-full rounded-xl bg-black"
            />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
