import type { WalletResponse } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { Modal } from '../../../components/modal.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { displayCurrency, formatMoney } from '../../../lib/format.ts';
import { toastError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useCollectInviteBonus } from '../api/collect-invite-bonus.ts';

/**
 * The confirmation before collecting the referral bonus (spec section 2): the accrued amount and the shares
 * paid (success) and forfeited (fail). A failure is a red toast with the error (spec section 8); a success
 * says what was paid and has the wallet read again.
 */
export function CollectInviteDialog({
  wallet,
  onClose,
  onWalletChanged,
}: {
  wallet: WalletResponse;
  onClose: () => void;
  onWalletChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const collect = useCollectInviteBonus();
  const currency = displayCurrency(wallet.wallet.currency);
  const { amount, success, fail } = wallet.invite;

  function confirm() {
    collect.mutate(undefined, {
      onSuccess: (answer) => {
        showToast('success', t('invite.received', { amount: formatMoney(i18n.language, answer.amount, currency) }));
        onWalletChanged();
        onClose();
      },
      onError: (error) => {
        toastError(error);
        onClose();
      },
    });
  }

  return (
    <Modal open onClose={onClose} title={t('invite.confirmTitle')}>
      <div className="space-y-3">
        <p className="text-slate-800">
          {t('invite.confirmText', { amount: formatMoney(i18n.language, amount, currency), success, fail })}
        </p>
        <ul className="space-y-1 rounded-xl bg-slate-100 px-3 py-2 text-sm">
          <li className="text-emerald-800">{t('invite.successPercent', { percent: success })}</li>
          <li className="text-red-700">{t('invite.failPercent', { percent: fail })}</li>
        </ul>
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={collect.isPending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={collect.isPending}>
            {t('invite.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
