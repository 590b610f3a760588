import type { BonusClearResponse, BonusItem, BonusType } from '@member-wallet/contract/bonus';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Outcome } from '../../../components/result-dialog.tsx';
import { failureOutcome, ResultDialog } from '../../../components/result-dialog.tsx';
import { requestedLocale, type TranslationKey, useTranslation } from '../../../i18n/i18n.ts';
import type { Currency } from '../../../lib/format.ts';
import { translateCode } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useClearBonus } from '../api/clear-bonus.ts';
import { activeBonusQuery, useActiveBonus } from '../api/get-active-bonus.ts';
import { bonusesQuery, useBonuses } from '../api/get-bonuses.ts';
import { useCurrentPromotion } from '../api/get-current-promotion.ts';
import { BonusCard } from './bonus-card.tsx';
import { BonusModal } from './bonus-modal.tsx';
import { CancelBonusDialog, CancelFailedAlert, CancelledDialog } from './cancel-bonus.tsx';
import { PromotionModal } from './promotion-modal.tsx';
import { PromotionSearch } from './promotion-search.tsx';

/** Starts the page's data as soon as its chunk arrives, when it is the first page (router.tsx). */
export function prefetch(client: QueryClient): void {
  // In the language being switched to: the first page's texts may still be on their way (lib/http.ts).
  void client.prefetchQuery(bonusesQuery(requestedLocale()));
  void client.prefetchQuery(activeBonusQuery);
}

const TYPE_KEYS: Record<BonusType, TranslationKey> = {
  limit: 'bonus.types.limit',
  day: 'bonus.types.day',
  week: 'bonus.types.week',
};

export interface BonusScreenProps {
  /** Called when a receive or a cancel moved money, so the app refreshes the wallet (features do not share it). */
  onWalletChanged?: () => void;
  /** The member's currency, from the wallet the app reads; amounts are shown without it until it is known. */
  currency?: Currency;
}

type Open = { kind: 'bonus'; code: string } | { kind: 'promotion'; code: string } | null;

/** The running bonus with its type and the cancel button (spec section 2, Bonus page). */
function ActiveBonus({
  type,
  percentFail,
  onCancelled,
  onWalletChanged,
}: {
  type: BonusType | null;
  percentFail: number | null;
  /** A cancel: the page says what it took back and why (it outlives this part, which the cancel removes). */
  onCancelled: (answer: BonusClearResponse) => void;
  onWalletChanged?: () => void;
}) {
  const { t } = useTranslation();
  const clear = useClearBonus();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function cancel() {
    // Through the promise, not mutate's callbacks: the reading again of the page's data that a cancel starts can
    // remove this part (no bonus runs) before it ends, and React Query drops the callbacks of an unmounted caller,
    // which lost the answer (issue 21: a promotion code's bonus cancelled without a word).
    clear.mutateAsync().then(
      (answer) => {
        setAsking(false);
        // A cancel says what it took back and why, even nothing; a bonus ended with its condition met is a toast.
        if (answer.message === 'SUCCESS') onCancelled(answer);
        else showToast('success', translateCode(answer.message));
        onWalletChanged?.();
      },
      (error: unknown) => {
        setAsking(false);
        const outcome = failureOutcome(error);
        if (outcome) setFailure(outcome.messages.join(' '));
      },
    );
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="text-sm text-slate-600">{t('bonus.activeLabel')}</p>
        <p className="text-lg font-semibold text-slate-900" data-testid="active-bonus-type">
          {type ? t(TYPE_KEYS[type]) : null}
        </p>
      </div>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {t('bonus.cancel')}
      </Button>
      {asking ? (
        <CancelBonusDialog
          percentFail={percentFail}
          cancelling={clear.isPending}
          onKeep={() => setAsking(false)}
          onConfirm={cancel}
        />
      ) : null}
      {failure === null ? null : <CancelFailedAlert message={failure} onClose={() => setFailure(null)} />}
    </div>
  );
}

/**
 * The bonus page (spec section 2): the running bonus with a cancel button, or the promotion-code search; the
 * grid of bonus cards; the bonus and promotion modals; and the success dialog after a receive.
 */
export function BonusScreen({ onWalletChanged, currency }: BonusScreenProps) {
  const { t, i18n } = useTranslation();
  const bonuses = useBonuses(i18n.language);
  const active = useActiveBonus();
  const [open, setOpen] = useState<Open>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [cancelled, setCancelled] = useState<BonusClearResponse | null>(null);
  const running = active.data?.status === true;
  const currentCard = bonuses.data?.find((bonus) => bonus.userBonus?.isActive);
  // A bonus from a promotion code is not in the grid: its percentFail comes from the promotion it came from.
  // Asked once the grid is up to date, so a grid still loading its new current card asks nothing.
  const promotion = useCurrentPromotion(
    i18n.language,
    running && bonuses.isSuccess && !bonuses.isFetching && !currentCard,
  );

  if (bonuses.isPending || active.isPending) return <PageSpinner />;
  if (bonuses.isError || active.isError) {
    return (
      <div className="space-y-3 text-center">
        <p className="text-slate-600">{t('common.loadFailed')}</p>
        <Button
          variant="secondary"
          onClick={() => {
            void bonuses.refetch();
            void active.refetch();
          }}
        >
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const received = () => {
    setOpen(null);
    setOutcome({ tone: 'success', messages: [t('bonus.receivedMessage')] });
    onWalletChanged?.();
  };
  const shown: BonusItem | undefined =
    open?.kind === 'bonus' ? bonuses.data.find((bonus) => bonus.code === open.code) : undefined;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('bonus.title')}</h1>
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        {running ? (
          <ActiveBonus
            type={active.data.type}
            percentFail={currentCard?.percentFail ?? promotion.data?.percentFail ?? null}
            onCancelled={setCancelled}
            onWalletChanged={onWalletChanged}
          />
        ) : (
          <PromotionSearch onSearch={(code) => setOpen({ kind: 'promotion', code })} />
        )}
      </div>
      <section aria-labelledby="bonus-grid-title" className="space-y-3">
        <h2 id="bonus-grid-title" className="text-lg font-semibold text-slate-900">
          {t('bonus.grid')}
        </h2>
        {bonuses.data.length === 0 ? (
          <p className="text-slate-600">{t('bonus.empty')}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2">
            {bonuses.data.map((bonus) => (
              <li key={bonus.code}>
                <BonusCard bonus={bonus} onOpen={() => setOpen({ kind: 'bonus', code: bonus.code })} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {shown ? (
        <BonusModal bonus={shown} bonusRunning={running} onClose={() => setOpen(null)} onReceived={received} />
      ) : null}
      {open?.kind === 'promotion' ? (
        <PromotionModal code={open.code} onClose={() => setOpen(null)} onReceived={received} />
      ) : null}
      <ResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
      {cancelled === null ? null : (
        <CancelledDialog answer={cancelled} currency={currency} onClose={() => setCancelled(null)} />
      )}
    </div>
  );
}
