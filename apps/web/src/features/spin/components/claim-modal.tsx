import { DELAY_MS } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { Modal } from '../../../components/modal.tsx';
import { useDebouncedAction } from '../../../hooks/use-debounced-action.ts';
import { useTranslation } from '../../../i18n/i18n.ts';
import { sanitizeHtml } from '../../../lib/safe-html.ts';

export interface ClaimModalProps {
  open: boolean;
  /** The prize's slice label. */
  label: string;
  /** The slice's operator html (`htmlDescription`), shown sanitized when there is any. */
  htmlDescription?: string | null;
  /** While the claim request runs: the confirm button shows a spinner and takes no taps. */
  confirming?: boolean;
  /** Cancel, Escape, the backdrop or the close button. */
  onCancel: () => void;
  /** Runs on the first tap; taps within the next 500 ms are dropped (spec section 9). */
  onConfirm: () => void;
}

/** Asks the member to confirm claiming a coupon's prize (spec section 2, Spin). */
export function ClaimModal({ open, label, htmlDescription, confirming = false, onCancel, onConfirm }: ClaimModalProps) {
  const { t } = useTranslation();
  const confirm = useDebouncedAction(onConfirm, DELAY_MS.claimConfirmDebounce);
  const description = htmlDescription?.trim() ? sanitizeHtml(htmlDescription) : '';
  return (
    <Modal open={open} onClose={onCancel} title={t('spin.claim.title')}>
      <div className="space-y-4">
        <p className="text-lg font-semibold text-slate-900">{t('spin.claim.prize', { label })}</p>
        {description ? (
          <div
            className="space-y-2 text-slate-800 [&_a]:text-brand-800 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
            data-i18n-exempt=""
            // biome-ignore lint/security/noDangerouslySetInnerHtml: operator html, allow-listed by sanitizeHtml
            dangerouslySetInnerHTML={{ __html: description }}
          />
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button loading={confirming} onClick={() => confirm()}>
            {t('spin.claim.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
