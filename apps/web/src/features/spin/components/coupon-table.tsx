import { DELAY_MS, PAGE_SIZE } from '@member-wallet/contract/constants';
import type { SpinCoupon, SpinSlice } from '@member-wallet/contract/spin';
import { Button } from '@member-wallet/ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/member-icons.tsx';
import { TableHead } from '../../../components/table-head.tsx';
import { useDebouncedAction } from '../../../hooks/use-debounced-action.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatAmount } from '../../../lib/format.ts';

const PAGE_BUTTON_CLASS =
  'inline-flex size-11 items-center justify-center rounded-xl text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:text-slate-400';

export interface CouponTableProps {
  /** The page's coupons, as the server ordered them: claimable ones first, then the others, newest first. */
  coupons: readonly SpinCoupon[];
  /** The page shown, from 1, of `total` coupons at PAGE_SIZE.coupons a page. */
  page: number;
  total: number;
  /** Coupons claimable now, on every page (the server lists them first). */
  claimableTotal: number;
  /** The wheel's slices: a coupon names its slice by code, the table shows that slice's label. */
  slices: readonly SpinSlice[];
  onPageChange: (page: number) => void;
  onClaim: (coupon: SpinCoupon) => void;
  /** True while another page loads: the page shown stays, marked busy. */
  loading?: boolean;
}

/**
 * The member's prize coupons (spec section 2, Spin), 3 a page, paged on the server: number, prize label and
 * name, amount and a claim button, enabled only for a coupon the server says can be claimed now (`claimable`:
 * not claimed, not expired, cash). A claim is reported at once and further taps within 500 ms are dropped, so a
 * double tap claims once (spec section 9).
 */
export function CouponTable({
  coupons,
  page,
  total,
  claimableTotal,
  slices,
  onPageChange,
  onClaim,
  loading = false,
}: CouponTableProps) {
  const { t } = useTranslation();
  const claim = useDebouncedAction(onClaim, DELAY_MS.claimConfirmDebounce);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE.coupons));
  const first = (page - 1) * PAGE_SIZE.coupons;
  // A slice the wheel no longer has (or no running wheel at all): the coupon's own prize name says it. The
  // name is shown under the label only when it says something else.
  const labelOf = (coupon: SpinCoupon) => slices.find((slice) => slice.code === coupon.prize.slice)?.label;

  if (total === 0) return <p className="py-4 text-center text-slate-600">{t('spin.coupons.empty')}</p>;

  return (
    <div className="space-y-2">
      {claimableTotal > 0 ? (
        <p className="text-sm text-slate-700">{t('spin.coupons.toClaim', { count: claimableTotal })}</p>
      ) : null}
      <table className="w-full text-left text-sm" aria-busy={loading}>
        <TableHead
          caption={t('spin.coupons.title')}
          rowClassName="border-b border-slate-200 text-slate-600"
          cellClassName="py-2 font-semibold"
          columns={[
            { label: t('spin.coupons.index'), className: 'pr-2' },
            { label: t('spin.coupons.prize'), className: 'pr-2' },
            { label: t('spin.coupons.amount'), className: 'pr-2 text-right' },
            { label: t('spin.coupons.action'), hidden: true, className: 'text-right' },
          ]}
        />
        <tbody>
          {coupons.map((coupon, offset) => {
            const number = first + offset + 1;
            const label = labelOf(coupon);
            return (
              <tr key={coupon.id} className="border-b border-slate-100 last:border-0">
                <td className="py-2 pr-2 text-slate-700" translate="no">
                  {number}
                </td>
                <td className="py-2 pr-2" data-i18n-exempt="">
                  {label !== undefined ? <span className="block font-semibold text-slate-900">{label}</span> : null}
                  {label !== coupon.prize.name ? (
                    <span
                      className={`block ${label === undefined ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
                    >
                      {coupon.prize.name}
                    </span>
                  ) : null}
                </td>
                <td className="py-2 pr-2 text-right font-semibold text-slate-900" translate="no">
                  {formatAmount(coupon.amount)}
                </td>
                <td className="py-2 text-right">
                  <Button
                    className="px-3"
                    disabled={!coupon.claimable}
                    aria-label={t('spin.coupons.claimLabel', { index: number, name: coupon.prize.name })}
                    onClick={() => claim(coupon)}
                  >
                    {coupon.claimedAt
                      ? t('spin.coupons.claimed')
                      : coupon.type === 'cash' && !coupon.claimable
                        ? t('spin.coupons.expired')
                        : t('spin.coupons.claim')}
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
            onClick={() => onPageChange(page - 1)}
            disabled={page <= 1}
            aria-label={t('spin.coupons.previous')}
            className={PAGE_BUTTON_CLASS}
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <span aria-live="polite" className="min-w-16 text-center text-slate-700" translate="no">
            {page} / {pages}
          </span>
          <button
            type="button"
            onClick={() => onPageChange(page + 1)}
            disabled={page >= pages}
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
