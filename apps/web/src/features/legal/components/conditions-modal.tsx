import { Button } from '@member-wallet/ui/button';
import { Modal } from '../../../components/modal.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useConditions } from '../api/get-legal-texts.ts';
import { HtmlList } from './html-list.tsx';

/** The conditions of the member menu (spec section 2). */
export function ConditionsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const conditions = useConditions();
  return (
    <Modal open onClose={onClose} title={t('legal.conditionsTitle')}>
      <div className="mb-4">
        <HtmlList items={conditions.data} pending={conditions.isPending} />
      </div>
      <Button block onClick={onClose}>
        {t('common.close')}
      </Button>
    </Modal>
  );
}
