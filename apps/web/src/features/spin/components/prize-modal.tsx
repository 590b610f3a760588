import type { PrizeType } from '@member-wallet/contract/spin';
import { Button } from '@member-wallet/ui/button';
import { Modal } from '../../../components/modal.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';

export interface PrizeModalProps {
  open: boolean;
  /** The label of the slice won (spin result `label`). */
  label: string;
  /** What the slice pays (spin result `prizeType`): a `none` slice won nothing, and is told so kindly. */
  prizeType?: PrizeType;
  /** However it is closed; the spin screen reloads the wheel then (spec section 4, Spin). */
  onClose: () => void;
}

/**
 * Congratulates the member on the prize the wheel stopped on (spec section 2, Spin), or, on a losing slice,
 * says where it stopped and invites another spin: "You won Try again" would read as a joke.
 */
export function PrizeModal({ open, label, prizeType = 'cash', onClose }: PrizeModalProps) {
  const { t } = useTranslation();
  const lost = prizeType === 'none';
  return (
    <Modal open={open} onClose={onClose} title={lost ? t('spin.prize.noneTitle') : t('spin.prize.title')}>
      <div className="space-y-4 text-center">
        <p className="text-xl font-semibold text-brand-800">
          {lost ? t('spin.prize.none', { label }) : t('spin.prize.won', { label })}
        </p>
        <p className="text-slate-700">{lost ? t('spin.prize.noneHint') : t('spin.prize.hint')}</p>
        <Button block onClick={onClose}>
          {t('common.ok')}
        </Button>
      </div>
    </Modal>
  );
}
