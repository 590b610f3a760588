import { Button } from '@member-wallet/ui/button';
import { CopyRow } from '../../../components/copy-row.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';

/** Asks before a game password is replaced: the member's game app keeps the old one until they type the new. */
export function ConfirmResetDialog({
  resetting,
  onKeep,
  onConfirm,
}: {
  resetting: boolean;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onKeep} title={t('edges.reset.title')}>
      <div className="space-y-4">
        <p className="text-slate-800">{t('edges.reset.text')}</p>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onKeep}>
            {t('edges.reset.keep')}
          </Button>
          <Button loading={resetting} onClick={onConfirm}>
            {t('edges.reset.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The result: the new password, to copy into the game app. */
export function ResetDoneDialog({ password, onClose }: { password: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open onClose={onClose} title={t('edges.reset.doneTitle')}>
      <div className="space-y-4">
        <p className="text-emerald-800">{t('edges.reset.done')}</p>
        <CopyRow label={t('edges.reset.newPassword')} value={password} />
        <Button block onClick={onClose}>
          {t('common.ok')}
        </Button>
      </div>
    </Modal>
  );
}
