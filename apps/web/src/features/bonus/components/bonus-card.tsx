import type { BonusItem } from '@member-wallet/contract/bonus';
import { useTranslation } from '../../../i18n/i18n.ts';
import { safeImageUrl } from '../../../lib/safe-url.ts';
import { bonusCardState } from '../bonus-state.ts';

/** The demo banners are 2:1 (apps/server/assets/bonus/); a card is a little wider and crops them to cover. */
const IMAGE = { width: 600, height: 300 } as const;

/**
 * A card of the grid (spec section 2, Bonus page): the bonus's first banner image as its background, its name
 * over a dark gradient so it stays readable on any picture, and its state: the running bonus carries an
 * "active" marker, a bonus received as often as allowed is disabled with a "received" label, any other opens
 * the bonus modal.
 */
export function BonusCard({ bonus, onOpen }: { bonus: BonusItem; onOpen: (bonus: BonusItem) => void }) {
  const { t } = useTranslation();
  const state = bonusCardState(bonus);
  const first = bonus.banners[0];
  const image = first ? safeImageUrl(first.image) : undefined;
  return (
    <button
      type="button"
      disabled={state === 'received'}
      aria-current={state === 'current' ? 'true' : undefined}
      data-state={state}
      onClick={() => onOpen(bonus)}
      className={`relative flex aspect-[5/2] w-full overflow-hidden rounded-2xl bg-[#134e4a] text-left text-[#fff] shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed ${state === 'current' ? 'ring-4 ring-emerald-500' : ''}`}
    >
      {image ? (
        <img
          src={image}
          alt=""
          loading="lazy"
          decoding="async"
          width={IMAGE.width}
          height={IMAGE.height}
          className={`absolute inset-0 size-full object-cover ${state === 'received' ? 'grayscale' : ''}`}
        />
      ) : null}
      <span
        aria-hidden="true"
        className={`absolute inset-0 bg-gradient-to-t ${state === 'received' ? 'from-slate-950/95 to-slate-950/60' : 'from-slate-950/90 from-15% to-transparent to-60%'}`}
      />
      <span className="relative mt-auto flex w-full items-end justify-between gap-2 p-3">
        <span className="font-semibold" data-i18n-exempt="">
          {bonus.name}
        </span>
        {state === 'current' ? (
          <span className="shrink-0 rounded-full bg-emerald-700 px-2 text-sm font-semibold">{t('bonus.current')}</span>
        ) : null}
        {state === 'received' ? (
          <span className="shrink-0 rounded-full bg-slate-700 px-2 text-sm font-semibold">{t('bonus.received')}</span>
        ) : null}
      </span>
    </button>
  );
}
