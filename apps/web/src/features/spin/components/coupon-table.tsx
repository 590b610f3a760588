import { DELAY_MS, PAGE_SIZE } from '@member-wallet/contract/constants';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/member-icons.tsx';
import { useDebouncedAction } from '../../../hooks/use-debounced-action.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatAmount } from '../../../lib/format.ts';
import type { Coupon, WheelSlice } from '../types.ts';

const PAGE_BUTTON_CLASS =
  'inline-flex size-11 items-center justify-center rounded-xl text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:text-slate-400';

export interface CouponTableProps<C extends Coupon> {
  coupons: readonly C[];
  /** The wheel's slices: a coupon names its slice by code, the table shows that slice's label. */
  slices: readonly WheelSlice[];
  onClaim: (coupon: C) => void;
  /** Whether a coupon can be claimed now; every coupon when not given. The others' buttons are disabled. */
  canClaim?: (coupon: C) => boolean;
}

/**
 * The member's prize coupons (spec section 2, Spin), 3 a page: number, prize label and name, amount and a
 * claim button. A claim is reported at once and further taps within 500 ms are dropped, so a double tap
 * claims once (spec section 9).
 */
export function CouponTable<C extends Coupon>({ coupons, slices, onClaim, canClaim }: CouponTableProps<C>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const claim = useDebouncedAction(onClaim, DELAY_MS.claimConfirmDebounce);
  const pages = Math.max(1, Math.ceil(coupons.length / PAGE_SIZE.coupons));
  // The list shrinks as coupons are claimed: stay on the last page that still has rows.
  const current = Math.min(page, pages);
  const first = (current - 1) * PAGE_SIZE.coupons;
  const rows = coupons.slice(first, first + PAGE_SIZE.coupons);
  const labelOf = (code: string) => slices.find((slice) => slice.code === code)?.label ?? code;

  if (coupons.length === 0) return <p className="py-4 text-center text-slate-600">{t('spin.coupons.empty')}</p>;

  return (
    <div className="space-y-2">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('spin.coupons.title')}</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-2 font-semibold">
              {t('spin.coupons.index')}
            </th>
            <th scope="col" className="py-2 pr-2 font-semibold">
              {t('spin.coupons.prize')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-semibold">
              {t('spin.coupons.amount')}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              <span className="sr-only">{t('spin.coupons.action')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((coupon, offset) => {
            const number = first + offset + 1;
            return (
              // Coupons carry no id in the spec: a row is its position in the list.
              <tr key={number} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-2 text-slate-700" translate="no">
                  {number}
                </td>
                <td className="py-2 pr-2" data-i18n-exempt="">
                  <span className="block font-semibold text-slate-900">{labelOf(coupon.prize.slice)}</span>
                  <span className="block text-slate-600">{coupon.prize.name}</span>
                </td>
                <td className="py-2 pr-2 text-right font-semibold text-slate-900" translate="no">
                  {formatAmount(coupon.amount)}
                </td>
                <td className="py-2 text-right">
                  <Button
                    className="px-3"
                    disabled={canClaim ? !canClaim(coupon) : false}
                    aria-label={t('spin.coupons.claimLabel', { index: number, name: coupon.prize.name })}
                    onClick={() => claim(coupon)}
                  >
                    {t('spin.coupons.claim')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav aria-label={t('spin.coupons.pages')} className="flex items-center justify-center gap-2">
          <button
            type="button"
            onClick={() => setPage(current - 1)}
            disabled={current <= 1}
            aria-label={t('spin.coupons.previous')}
            className={PAGE_BUTTON_CLASS}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <span aria-live="polite" className="min-w-16 text-center text-slate-700" translate="no">
            {current} / {pages}
          </span>
          <button
            type="button"
            onClick={() => setPage(current + 1)}
            disabled={current >= pages}
            aria-label={t('spin.coupons.next')}
            className={PAGE_BUTTON_CLASS}
          >
            <ChevronRightIcon className="size-5" />
          </button>
        </nav>
      ) : null}
    </div>
  );
}
