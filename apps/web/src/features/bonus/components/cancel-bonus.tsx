import type { BonusClearResponse } from '@member-wallet/contract/bonus';
import { Button } from '@member-wallet/ui/button';
import { Modal } from '../../../components/modal.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { type Currency, formatMinorUnits, formatMoneyMinor, minorUnitsOf } from '../../../lib/format.ts';

export interface CancelBonusDialogProps {
  /** The running bonus's percentFail when known (its card, or the promotion it came from). */
  percentFail: number | null;
  cancelling: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}

/** Asks before the running bonus is ended (spec section 2: a confirmation dialog in danger style). */
export function CancelBonusDialog({ percentFail, cancelling, onKeep, onConfirm }: CancelBonusDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onKeep} title={t('bonus.cancelTitle')}>
      <div className="space-y-4">
        <p className="text-slate-800">{t('bonus.cancelText')}</p>
        {percentFail === null ? null : (
          <p className="font-semibold text-red-700">{t('bonus.cancelPercentFail', { percent: percentFail })}</p>
        )}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onKeep}>
            {t('bonus.keep')}
          </Button>
          <Button variant="danger" loading={cancelling} onClick={onConfirm}>
            {t('bonus.cancelConfirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The alert of spec section 8: "Bonus cancel failure: alert titled cancel-bonus-failed with a close button". */
export function CancelFailedAlert({ message, onClose }: { message: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onClose} title={t('bonus.cancelBonusFailed')}>
      <p role="alert" className="mb-4 text-red-700">
        {message}
      </p>
      <Button block onClick={onClose}>
        {t('common.close')}
      </Button>
    </Modal>
  );
}

/**
 * Why a cancel took back what it did: the bonus, and percentFail of what was won with it, and what the member held
 * when that was less.
 */
function CancelReason({ answer, money }: { answer: BonusClearResponse; money: (minor: bigint) => string }) {
  const { t } = useTranslation();
  const { name, bonus, percentFail, won, due } = answer;
  // An answer without the reason (the spec's shape alone): the amount and the condition only.
  if (name === undefined || bonus === undefined || percentFail === undefined || due === undefined) {
    return <p>{t('bonus.cancelledTakenBack', { amount: money(minorUnitsOf(answer.takenBack)) })}</p>;
  }
  const dueMinor = minorUnitsOf(due);
  const takenMinor = minorUnitsOf(answer.takenBack);
  const wonMinor = minorUnitsOf(won ?? 0);
  const params = { name, bonus: money(minorUnitsOf(bonus)), percent: percentFail, due: money(dueMinor) };
  return (
    <>
      <p>
        {wonMinor > 0n && percentFail > 0
          ? t('texts.cancelled.why', { ...params, won: money(wonMinor) })
          : t('texts.cancelled.whyBonusOnly', params)}
      </p>
      {takenMinor < dueMinor ? <p>{t('texts.cancelled.held', { held: money(takenMinor) })}</p> : null}
    </>
  );
}

/**
 * After a cancel (docs/promotions/bonuses.md, "Where the bonus money goes"): which bonus, how much was due and why,
 * what the member held when that was less, what left the wallet now, and what is still to come from the money in
 * the game accounts.
 */
export function CancelledDialog({
  answer,
  currency,
  onClose,
}: {
  answer: BonusClearResponse;
  currency: Currency | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: bigint) =>
    currency ? formatMoneyMinor(i18n.language, minor, currency) : formatMinorUnits(minor);
  const total = minorUnitsOf(answer.takenBack);
  const games = minorUnitsOf(answer.fromGames);
  return (
    <Modal open onClose={onClose} title={t('bonus.cancelledTitle')}>
      <div className="space-y-3 text-slate-800">
        <CancelReason answer={answer} money={money} />
        {total > games ? <p>{t('bonus.cancelledFromWallet', { amount: money(total - games) })}</p> : null}
        {games > 0n ? <p className="font-semibold">{t('bonus.cancelledFromGames', { amount: money(games) })}</p> : null}
        <Button block onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Modal>
  );
}
