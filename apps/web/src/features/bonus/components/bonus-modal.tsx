import type { BonusItem } from '@member-wallet/contract/bonus';
import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';
import { BannerSlides } from '../../../components/banner-slides.tsx';
import { Modal } from '../../../components/modal.tsx';
import { failureOutcome, type Outcome, ResultDialog } from '../../../components/result-dialog.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { translateCode } from '../../../lib/http.ts';
import { sanitizeHtml } from '../../../lib/safe-html.ts';
import { useActivateBonus } from '../api/activate-bonus.ts';
import { bonusCardState, fillPercentFail } from '../bonus-state.ts';

export interface BonusModalProps {
  bonus: BonusItem;
  /** Whether the member has a bonus running (GET /api/bonus/check/active). */
  bonusRunning: boolean;
  onClose: () => void;
  /** After the server credited the bonus: the page shows the success dialog and refreshes the wallet. */
  onReceived: () => void;
}

/**
 * One bonus (spec section 2, Bonus page): its banners, its description, the notice with its percentFail and
 * the button. The spec's "receive button (or confirm if already active)" is read this way:
 * - this bonus is the running one: a confirm button that only closes the modal (there is nothing to receive);
 * - another bonus is running: the server would answer BONUS_ALREADY_ACTIVE (one bonus at a time,
 *   docs/promotions/bonuses.md), so that text is shown and the receive button is disabled instead of a call known to
 *   fail. The server still decides: a stale page that calls anyway gets the error dialog with that text;
 * - otherwise the receive button calls GET /api/bonus/activate/{code}; a refusal (BONUS_MAX_CLAIMED,
 *   BONUS_CONDITION, BONUS_FULL, ...) shows the error dialog with the catalogue text.
 */
export function BonusModal({ bonus, bonusRunning, onClose, onReceived }: BonusModalProps) {
  const { t } = useTranslation();
  const activate = useActivateBonus();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const current = bonusCardState(bonus) === 'current';
  const blocked = bonusRunning && !current;
  const fill = (text: string) => fillPercentFail(text, bonus.percentFail);

  function receive() {
    activate.mutate(bonus.code, {
      onSuccess: onReceived,
      onError: (error) => setOutcome(failureOutcome(error)),
    });
  }

  return (
    <Modal open onClose={onClose} title={t('bonus.details')}>
      <div className="space-y-4">
        <p className="text-lg font-semibold text-slate-900" data-i18n-exempt="">
          {bonus.name}
        </p>
        <BannerSlides banners={bonus.banners} layout="inline" fill={fill} />
        {bonus.description.trim() ? (
          <div
            className="text-slate-800"
            data-i18n-exempt=""
            // biome-ignore lint/security/noDangerouslySetInnerHtml: operator html, allow-listed by sanitizeHtml
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(bonus.description) }}
          />
        ) : null}
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {fill(t('bonus.notice'))}
        </p>
        {blocked ? <p className="text-sm text-red-700">{translateCode('BONUS_ALREADY_ACTIVE')}</p> : null}
        {current ? (
          <Button block onClick={onClose}>
            {t('bonus.confirm')}
          </Button>
        ) : (
          <Button block disabled={blocked} loading={activate.isPending} onClick={receive}>
            {t('bonus.receive')}
          </Button>
        )}
      </div>
      <ResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </Modal>
  );
}
