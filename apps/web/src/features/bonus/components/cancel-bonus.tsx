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
 * After a cancel that took money back (docs/promotions/bonuses.md, "Where the bonus money goes"): how much and why, what
 * left the wallet now, and what is still to come from the money in the game accounts.
 */
export function CancelledDialog({
  takenBack,
  fromGames,
  currency,
  onClose,
}: {
  takenBack: number;
  fromGames: number;
  currency: Currency | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (minor: bigint) =>
    currency ? formatMoneyMinor(i18n.language, minor, currency) : formatMinorUnits(minor);
  const total = minorUnitsOf(takenBack);
  const games = minorUnitsOf(fromGames);
  return (
    <Modal open onClose={onClose} title={t('bonus.cancelledTitle')}>
      <div className="space-y-3 text-slate-800">
        <p>{t('bonus.cancelledTakenBack', { amount: money(total) })}</p>
        {total > games ? <p>{t('bonus.cancelledFromWallet', { amount: money(total - games) })}</p> : null}
        {games > 0n ? <p className="font-semibold">{t('bonus.cancelledFromGames', { amount: money(games) })}</p> : null}
        <Button block onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </Modal>
  );
}
