import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { failureOutcome, type Outcome, ResultDialog } from '../../../components/result-dialog.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { sanitizeHtml } from '../../../lib/safe-html.ts';
import { useActivatePromotion } from '../api/activate-promotion.ts';
import { usePromotion } from '../api/find-promotion.ts';

export interface PromotionModalProps {
  /** The code searched for, already upper-cased. */
  code: string;
  onClose: () => void;
  /** After the server credited the promotion: the page shows the success dialog and refreshes the wallet. */
  onReceived: () => void;
}

/**
 * The result of a promotion-code search (spec section 2, Bonus page): a searching text first, then the found
 * promotion's percentFail, its description (operator html, sanitized) and a receive button, or a not-found
 * text. Receiving calls GET /api/promotion/activate/{code}; a refusal (PROMOTION_RECEIVED, NO_PROMOTION,
 * BONUS_ALREADY_ACTIVE, ...) shows the error dialog with the catalogue text.
 */
export function PromotionModal({ code, onClose, onReceived }: PromotionModalProps) {
  const { t, i18n } = useTranslation();
  const found = usePromotion(code, i18n.language);
  const activate = useActivatePromotion();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const promotion = found.data;

  function receive() {
    activate.mutate(code, {
      onSuccess: onReceived,
      onError: (error) => setOutcome(failureOutcome(error)),
    });
  }

  return (
    <Modal open onClose={onClose} title={t('bonus.promotion.title', { code })}>
      {found.isPending ? (
        <p className="flex items-center gap-2 text-slate-700">
          <Spinner />
          {t('bonus.promotion.searching')}
        </p>
      ) : promotion ? (
        <div className="space-y-4">
          <div
            className="space-y-2 text-slate-800 [&_a]:text-brand-800 [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
            data-i18n-exempt=""
            // biome-ignore lint/security/noDangerouslySetInnerHtml: operator html, allow-listed by sanitizeHtml
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(promotion.description) }}
          />
          <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
            {t('bonus.promotion.percentFail', { percent: promotion.percentFail })}
          </p>
          <Button block loading={activate.isPending} onClick={receive}>
            {t('bonus.promotion.receive')}
          </Button>
        </div>
      ) : (
        <p className="text-slate-700">{found.isError ? (found.error?.message ?? '') : t('bonus.promotion.notFound')}</p>
      )}
      <ResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </Modal>
  );
}
