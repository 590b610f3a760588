import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';

export interface PrizeModalProps {
  open: boolean;
  /** The label of the slice won (spin result `label`). */
  label: string;
  /** However it is closed; the spin screen reloads the wheel then (spec section 4, Spin). */
  onClose: () => void;
}

/** Congratulates the member on the prize the wheel stopped on (spec section 2, Spin). */
export function PrizeModal({ open, label, onClose }: PrizeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('spin.prize.title')}>
      <div className="space-y-4 text-center">
        <p className="text-xl font-semibold text-brand-800">{t('spin.prize.won', { label })}</p>
        <p className="text-slate-700">{t('spin.prize.hint')}</p>
        <Button block onClick={onClose}>
          {t('common.ok')}
        </Button>
      </div>
    </Modal>
  );
}
