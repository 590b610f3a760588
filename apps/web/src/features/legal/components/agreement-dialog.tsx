import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { Modal } from '../../../components/modal.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useAgreements } from '../api/get-legal-texts.ts';
import { HtmlList } from './html-list.tsx';

/** The first-visit agreement; closing it, by any means, records acceptance. */
export function AgreementDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const agreements = useAgreements();
  const close = () => {
    localStorage.setItem(STORAGE_KEYS.agreement, 'true');
    onClose();
  };
  return (
    <Modal open onClose={close} title={t('legal.agreementTitle')}>
      <div className="mb-4">
        <HtmlList items={agreements.data} pending={agreements.isPending} />
      </div>
      <Button block onClick={close}>
        {t('legal.accept')}
      </Button>
    </Modal>
  );
}
