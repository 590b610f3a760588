import {
  isSpinErrorCode,
  type PrizeType,
  type SpinCoupon,
  type SpinSetupResponse,
  type SpinSlice,
} from '@member-wallet/contract/spin';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner, Spinner } from '@member-wallet/ui/spinner';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { failureOutcome, type Outcome, ResultDialog } from '../../../components/result-dialog.tsx';
import { i18n, requestedLocale, useTranslation } from '../../../i18n/i18n.ts';
import { isApiError } from '../../../lib/http.ts';
import { useClaimCoupon } from '../api/claim-coupon.ts';
import { couponsQuery, useCoupons } from '../api/get-coupons.ts';
import { SPIN_QUERY_KEY, spinSetupQuery, useSpinSetup } from '../api/get-spin-setup.ts';
import { useSpin } from '../api/spin.ts';
import { ClaimModal } from './claim-modal.tsx';
import { CouponTable } from './coupon-table.tsx';
import { PrizeModal } from './prize-modal.tsx';
import { SpinWheel, type SpinWheelProps } from './spin-wheel.tsx';

/** Starts the screen's data as soon as its chunk arrives, when it is the first page (router.tsx). */
export function prefetch(client: QueryClient): void {
  // In the language being switched to: the first page's texts may still be on their way (lib/http.ts).
  void client.prefetchQuery(spinSetupQuery(requestedLocale()));
  void client.prefetchQuery(couponsQuery(requestedLocale(), 1));
}

export interface SpinScreenProps {
  /**
   * The wallet belongs to the home feature: the app reloads it (app/screens/spin-route.tsx). Called whenever
   * the wheel reloads, since a spin spends a coin the wallet counts and a claim credits the wallet.
   */
  onWalletChanged: () => void;
}

type Dialog =
  | { kind: 'prize'; label: string; prizeType: PrizeType }
  | { kind: 'claim'; coupon: SpinCoupon }
  | { kind: 'result'; outcome: Outcome }
  | null;

/** A refused spin reads `spin.error.{code}` (spec section 8); anything else, the general error catalogue. */
function spinFailure(error: unknown): Outcome | null {
  if (isApiError(error) && isSpinErrorCode(error.code)) {
    return { tone: 'error', messages: [i18n.t(`spin.error.${error.code}`)] };
  }
  return failureOutcome(error);
}

function sliceOf(slices: readonly SpinSlice[], coupon: SpinCoupon): SpinSlice | undefined {
  return slices.find((slice) => slice.code === coupon.prize.slice);
}

/**
 * The prize wheel page (spec sections 2 and 4, Spin). The server draws the outcome; the wheel only turns to
 * the slice it was told, then the prize modal opens. Coupons are claimed from the table through the claim
 * modal, a page of 3 at a time read from the server. Closing any of the dialogs reloads the wheel, the coupon
 * page shown and the wallet, so coins and prizes shown are never older than the last action; closing the modal
 * of a cash prize turns the coupons back to page 1, where its new coupon is.
 */
export function SpinScreen({ onWalletChanged }: SpinScreenProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const setup = useSpinSetup();
  const [couponPage, setCouponPage] = useState(1);
  const coupons = useCoupons(couponPage);
  const spin = useSpin();
  const claim = useClaimCoupon();
  const [spinning, setSpinning] = useState(false);
  const [landOn, setLandOn] = useState<number | null>(null);
  const [prize, setPrize] = useState<{ label: string; prizeType: PrizeType } | null>(null);
  /** The coins the spin's answer left, shown until the reloaded setup says the same. */
  const [coinsLeft, setCoinsLeft] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  if (setup.isPending) return <PageSpinner />;
  if (setup.isError) return <LoadFailed onRetry={() => void setup.refetch()} />;
  const slices = setup.data.activeSpinwheel?.slices ?? [];

  const closeDialog = () => {
    // A cash coupon just won is the newest claimable one: the first row of page 1.
    if (dialog?.kind === 'prize' && dialog.prizeType === 'cash') setCouponPage(1);
    setDialog(null);
    setCoinsLeft(null);
    // The coins, the coupons and the wallet as they are now.
    void client.invalidateQueries({ queryKey: SPIN_QUERY_KEY });
    onWalletChanged();
  };

  const startSpin = () => {
    setSpinning(true);
    // Back to null first: two spins in a row may land on the same slice, and the wheel turns on a change.
    setLandOn(null);
    spin.mutate(undefined, {
      onSuccess: (answer) => {
        setCoinsLeft(answer.remainingCoin);
        setPrize({ label: answer.label, prizeType: answer.prizeType });
        const index = slices.findIndex((slice) => slice.code === answer.code);
        if (index >= 0) {
          setLandOn(index);
          return;
        }
        // The operator changed the wheel since it was drawn: nothing to land on, the prize still stands.
        setSpinning(false);
        setDialog({ kind: 'prize', label: answer.label, prizeType: answer.prizeType });
      },
      onError: (error) => {
        setSpinning(false);
        const outcome = spinFailure(error);
        if (outcome) setDialog({ kind: 'result', outcome });
      },
    });
  };

  const confirmClaim = (coupon: SpinCoupon) => {
    const label = sliceOf(slices, coupon)?.label ?? coupon.prize.name;
    claim.mutate(
      { coupon: coupon.id },
      {
        onSuccess: () =>
          setDialog({ kind: 'result', outcome: { tone: 'success', messages: [t('spin.claim.success', { label })] } }),
        onError: (error) => {
          const outcome = failureOutcome(error);
          setDialog(outcome ? { kind: 'result', outcome } : null);
        },
      },
    );
  };

  const claiming = dialog?.kind === 'claim' ? dialog.coupon : null;
  const claimingSlice = claiming ? sliceOf(slices, claiming) : undefined;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t('spin.title')}</h1>
      <WheelSection
        wheel={setup.data.activeSpinwheel}
        slices={slices}
        coins={coinsLeft ?? setup.data.userCoin}
        spinning={spinning}
        landOn={landOn}
        onSpin={startSpin}
        onSpinEnd={() => {
          setSpinning(false);
          if (prize) setDialog({ kind: 'prize', ...prize });
        }}
      />
      <CouponsSection
        coupons={coupons}
        slices={slices}
        onPageChange={setCouponPage}
        onClaim={(coupon) => setDialog({ kind: 'claim', coupon })}
      />
      <PrizeModal
        open={dialog?.kind === 'prize'}
        label={dialog?.kind === 'prize' ? dialog.label : ''}
        prizeType={dialog?.kind === 'prize' ? dialog.prizeType : undefined}
        onClose={closeDialog}
      />
      <ClaimModal
        open={claiming !== null}
        label={claimingSlice?.label ?? claiming?.prize.name ?? ''}
        htmlDescription={claimingSlice?.htmlDescription}
        confirming={claim.isPending}
        onCancel={closeDialog}
        onConfirm={() => {
          if (claiming) confirmClaim(claiming);
        }}
      />
      <ResultDialog outcome={dialog?.kind === 'result' ? dialog.outcome : null} onClose={closeDialog} />
    </div>
  );
}

/** The running wheel, or the notice that none runs. */
function WheelSection({
  wheel,
  slices,
  coins,
  spinning,
  landOn,
  onSpin,
  onSpinEnd,
}: Omit<SpinWheelProps, 'name' | 'random'> & { wheel: SpinSetupResponse['activeSpinwheel'] }) {
  const { t } = useTranslation();
  return wheel ? (
    // Clipped: the turning canvas is a square whose rotated corners (invisible, it is drawn round) would
    // otherwise widen the page and let it scroll sideways on a phone.
    <section aria-label={wheel.name} className="space-y-3 overflow-hidden pb-2">
      <p className="text-center text-lg font-semibold text-brand-800" data-i18n-exempt="">
        {wheel.name}
      </p>
      <SpinWheel
        name={wheel.name}
        slices={slices}
        coins={coins}
        spinning={spinning}
        landOn={landOn}
        onSpin={onSpin}
        onSpinEnd={onSpinEnd}
      />
    </section>
  ) : (
    <p className="rounded-2xl bg-white p-5 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
      {t('spin.inactive')}
    </p>
  );
}

/** A read that failed, with its retry. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 text-center">
      <p className="text-slate-600">{t('common.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** The member's coupons: a page of them, with the claim of each claimable one. */
function CouponsSection({
  coupons,
  slices,
  onPageChange,
  onClaim,
}: {
  coupons: ReturnType<typeof useCoupons>;
  slices: readonly SpinSlice[];
  onPageChange: (page: number) => void;
  onClaim: (coupon: SpinCoupon) => void;
}) {
  const { t } = useTranslation();
  const couponsHeading = useId();
  return (
    <section aria-labelledby={couponsHeading} className="space-y-2">
      <h2 id={couponsHeading} className="text-lg font-semibold text-slate-900">
        {t('spin.coupons.title')}
      </h2>
      {coupons.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner />
        </div>
      ) : coupons.isError ? (
        <LoadFailed onRetry={() => void coupons.refetch()} />
      ) : (
        <CouponTable
          coupons={coupons.data.coupons}
          page={coupons.data.page}
          total={coupons.data.total}
          claimableTotal={coupons.data.claimableTotal}
          loading={coupons.isPlaceholderData}
          slices={slices}
          onPageChange={onPageChange}
          onClaim={onClaim}
        />
      )}
    </section>
  );
}
