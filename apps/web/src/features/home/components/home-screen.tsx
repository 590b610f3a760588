import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { GAME_CATEGORIES, type SlotItem, type WalletResponse } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DepositIcon, RefreshIcon, TransferIcon, UserIcon, WithdrawIcon } from '../../../components/member-icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import {
  displayCurrency,
  formatDateTime,
  formatMoney,
  formatMoneyMinor,
  formatRelativeTime,
} from '../../../lib/format.ts';
import { useActivateSlot } from '../api/activate-slot.ts';
import { pendingWithdrawalsQuery } from '../api/get-pending-withdrawals.ts';
import { useWallet, walletQuery } from '../api/get-wallet.ts';
import { useRefreshSlots } from '../api/refresh-slots.ts';
import { totalBalanceMinor } from '../money.ts';
import { GameCarousel } from './game-carousel.tsx';
import { PendingWithdrawals } from './pending-withdrawals.tsx';
import { BonusConditionsIcon, InviteIcon, RefundIcon } from './promotion-icons.tsx';

const SlotAccountModal = lazy(() =>
  import('./slot-account-modal.tsx').then((module) => ({ default: module.SlotAccountModal })),
);
const TransferModal = lazy(() => import('./transfer-modal.tsx').then((module) => ({ default: module.TransferModal })));
const WithdrawModal = lazy(() => import('./withdraw-modal.tsx').then((module) => ({ default: module.WithdrawModal })));

/** Starts the data the screen shows as soon as its chunk arrives, when it is the first page (router.tsx). */
export function prefetch(client: QueryClient): void {
  void client.prefetchQuery(walletQuery);
}

type OpenModal =
  | { kind: 'deposit' }
  | { kind: 'transfer' }
  | { kind: 'withdraw' }
  | { kind: 'slot'; slot: SlotItem }
  | { kind: 'invite'; collectOnly: boolean }
  | { kind: 'refund' }
  | null;

/** The time now, again every `everyMs`, for texts such as "3 minutes ago". */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function LastSync() {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const stored = localStorage.getItem(STORAGE_KEYS.lastSync);
  const time = stored ? Date.parse(stored) : Number.NaN;
  if (!Number.isFinite(time)) return null;
  const texts = {
    justNow: t('time.justNow'),
    yearsAgo_one: t('time.yearsAgo_one'),
    yearsAgo_other: t('time.yearsAgo_other'),
    monthsAgo_one: t('time.monthsAgo_one'),
    monthsAgo_other: t('time.monthsAgo_other'),
    daysAgo_one: t('time.daysAgo_one'),
    daysAgo_other: t('time.daysAgo_other'),
    hoursAgo_one: t('time.hoursAgo_one'),
    hoursAgo_other: t('time.hoursAgo_other'),
    minutesAgo_one: t('time.minutesAgo_one'),
    minutesAgo_other: t('time.minutesAgo_other'),
    secondsAgo_one: t('time.secondsAgo_one'),
    secondsAgo_other: t('time.secondsAgo_other'),
  };
  return (
    // Two lines whatever the language and font: on one, a Lao or Thai line that fits in its own font wrapped in
    // the fallback drawn before the font arrives, and the home shifted by a line when it came.
    <p className="text-sm text-brand-50">
      <span className="block truncate">
        {t('home.lastSync', { time: formatRelativeTime(i18n.language, time, Math.max(now, time), texts) })}
      </span>
      <time dateTime={new Date(time).toISOString()} data-i18n-exempt="" className="block truncate">
        ({formatDateTime(time)})
      </time>
    </p>
  );
}

function Widget({
  label,
  icon,
  onClick,
  busy,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  busy?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      className="flex min-h-24 flex-col items-center justify-center gap-2 rounded-2xl bg-white p-3 text-center text-slate-800 shadow-sm ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500 disabled:opacity-60"
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-800">{icon}</span>
      <span className="text-sm leading-snug">{label}</span>
    </button>
  );
}

/** The look of `Widget`, for a widget that goes to another page: a link, so it opens in a new tab too. */
const WIDGET_LINK_CLASS =
  'flex min-h-24 flex-col items-center justify-center gap-2 rounded-2xl bg-white p-3 text-center text-slate-800 shadow-sm ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500';

function WidgetLink({ label, icon, to }: { label: string; icon: ReactNode; to: string }) {
  return (
    <Link to={to} className={WIDGET_LINK_CLASS}>
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-800">{icon}</span>
      <span className="text-sm leading-snug">{label}</span>
    </Link>
  );
}

function BalanceCard({
  wallet,
  onTransfer,
  onReceiveReferral,
}: {
  wallet: WalletResponse;
  onTransfer: () => void;
  onReceiveReferral: () => void;
}) {
  const { t, i18n } = useTranslation();
  const refresh = useRefreshSlots();
  const currency = displayCurrency(wallet.wallet.currency);
  return (
    <section className="space-y-3 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 p-5 text-white shadow-md">
      <div className="flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white/15">
          <UserIcon className="size-7" />
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold">{t('home.greeting', { name: wallet.profile.name })}</h1>
          <p className="text-sm text-brand-100">{t('home.username', { phone: wallet.profile.username })}</p>
        </div>
      </div>
      <div className="flex items-end justify-between gap-2">
        <div>
          <p className="text-sm text-brand-100">{t('home.totalBalance')}</p>
          <p className="text-3xl font-semibold" data-testid="total-balance" translate="no">
            {formatMoneyMinor(i18n.language, totalBalanceMinor(wallet), currency)}
          </p>
        </div>
        <button
          type="button"
          onClick={() => refresh.mutate()}
          disabled={refresh.isPending}
          aria-label={t('home.checkBalance')}
          title={t('home.checkBalance')}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-3 focus-visible:outline-white disabled:opacity-60"
        >
          <RefreshIcon className={`size-6 ${refresh.isPending ? 'animate-spin motion-reduce:animate-none' : ''}`} />
        </button>
      </div>
      <LastSync />
      {/* A row each, at every width: rows that shared a line when it fitted split when the fallback font was wider. */}
      <div className="space-y-1 border-t border-white/20 pt-3">
        <p className="text-sm text-brand-50">
          {t('home.wallet')}{' '}
          <span className="font-semibold text-white" translate="no">
            {formatMoney(i18n.language, wallet.wallet.amount, currency)}
          </span>
        </p>
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-brand-50">
            {t('home.referralBonus')}{' '}
            <span className="font-semibold text-white" translate="no">
              {formatMoney(i18n.language, wallet.invite.amount, currency)}
            </span>
          </p>
          <button
            type="button"
            onClick={onReceiveReferral}
            disabled={wallet.invite.amount <= 0}
            aria-label={t('promotions.receiveReferralLabel')}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-xl bg-white px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-white disabled:cursor-not-allowed disabled:bg-white/30 disabled:text-white"
          >
            {t('promotions.receiveReferral')}
          </button>
        </div>
      </div>
      <Button variant="secondary" block onClick={onTransfer}>
        <TransferIcon className="size-5" />
        {t('transfer.title')}
      </Button>
    </section>
  );
}

export interface HomeScreenProps {
  /**
   * The deposit modal, which lives in its own feature: the app passes it in (app/screens/home-route.tsx) so
   * that features do not import each other. It is lazy there, so /user/home does not download it.
   */
  renderDeposit: (props: { wallet: WalletResponse; onClose: () => void }) => ReactNode;
  /**
   * The third widget: the spin wheel's when a wheel runs, else `refreshAll` (spec section 2, Home). The wheel is
   * a feature of its own, so the app passes it in too.
   */
  renderSpinWidget: (props: { coins: number; refreshAll: ReactNode }) => ReactNode;
  /**
   * The invite flow (banners, then the invite modal) or, from the referral receive button, only its collect
   * confirmation: a feature of its own, composed by the app like the deposit modal.
   */
  renderInvite: (props: { wallet: WalletResponse; collectOnly: boolean; onClose: () => void }) => ReactNode;
  /** The refund flow (banners, then the refund modal); `saved` after a receipt, so the wallet is read again. */
  renderRefund: (props: { wallet: WalletResponse; onClose: (saved: boolean) => void }) => ReactNode;
}

export function HomeScreen({ renderDeposit, renderSpinWidget, renderInvite, renderRefund }: HomeScreenProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const wallet = useWallet();
  const refresh = useRefreshSlots();
  const activate = useActivateSlot();
  const [open, setOpen] = useState<OpenModal>(null);

  if (wallet.isPending) return <PageSpinner />;
  if (wallet.isError) {
    return (
      <div className="space-y-3 text-center">
        <p className="text-slate-600">{t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void wallet.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const data = wallet.data;
  const currency = displayCurrency(data.wallet.currency);
  const close = (saved: boolean) => {
    setOpen(null);
    if (!saved) return;
    void client.invalidateQueries({ queryKey: walletQuery.queryKey });
    void client.invalidateQueries({ queryKey: pendingWithdrawalsQuery.queryKey });
  };

  return (
    <div className="space-y-5">
      <BalanceCard
        wallet={data}
        onTransfer={() => setOpen({ kind: 'transfer' })}
        onReceiveReferral={() => setOpen({ kind: 'invite', collectOnly: true })}
      />
      <PendingWithdrawals />
      <section aria-label={t('home.widgets')} className="grid grid-cols-3 gap-3">
        <Widget label={t('deposit.title')} icon={<DepositIcon />} onClick={() => setOpen({ kind: 'deposit' })} />
        <Widget label={t('withdraw.title')} icon={<WithdrawIcon />} onClick={() => setOpen({ kind: 'withdraw' })} />
        {renderSpinWidget({
          // The coins come from the wallet (profile.coin), which home has loaded anyway and which the wheel
          // page reloads after every spin and claim: the setup call would cost home a request for the same number.
          coins: data.profile.coin,
          refreshAll: (
            <Widget
              label={t('home.refreshAll')}
              icon={<RefreshIcon />}
              busy={refresh.isPending}
              onClick={() => refresh.mutate()}
            />
          ),
        })}
        <Widget
          label={t('invite.widget')}
          icon={<InviteIcon />}
          onClick={() => setOpen({ kind: 'invite', collectOnly: false })}
        />
        <WidgetLink label={t('promotions.bonusConditions')} icon={<BonusConditionsIcon />} to="/user/bonus" />
        <Widget label={t('refund.widget')} icon={<RefundIcon />} onClick={() => setOpen({ kind: 'refund' })} />
      </section>
      {GAME_CATEGORIES.map((category) => ({
        category,
        slots: data.slots.filter((slot) => slot.category === category),
      }))
        .filter(({ slots }) => slots.length > 0)
        .map(({ category, slots }, index) => (
          <GameCarousel
            key={category}
            firstScreen={index === 0}
            title={t(`home.category.${category}`)}
            slots={slots}
            locale={i18n.language}
            currency={currency}
            activating={activate.isPending ? (activate.variables ?? null) : null}
            onView={(slot) => setOpen({ kind: 'slot', slot })}
            onActivate={(slot) => activate.mutate(slot.code, { onSuccess: () => setOpen({ kind: 'slot', slot }) })}
          />
        ))}
      <p className="text-center">
        <Link
          to="/user/safer-play"
          className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-800 underline"
        >
          {t('saferPlay.homeLink')}
        </Link>
      </p>
      <Suspense fallback={null}>
        {open?.kind === 'deposit' ? renderDeposit({ wallet: data, onClose: () => close(false) }) : null}
        {open?.kind === 'transfer' ? <TransferModal wallet={data} onClose={close} /> : null}
        {open?.kind === 'withdraw' ? <WithdrawModal wallet={data} onClose={close} /> : null}
        {open?.kind === 'slot' ? <SlotAccountModal slot={open.slot} onClose={close} /> : null}
        {open?.kind === 'invite'
          ? renderInvite({ wallet: data, collectOnly: open.collectOnly, onClose: () => close(false) })
          : null}
        {open?.kind === 'refund' ? renderRefund({ wallet: data, onClose: close }) : null}
      </Suspense>
    </div>
  );
}
