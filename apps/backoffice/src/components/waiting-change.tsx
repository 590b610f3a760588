import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import { Link } from 'react-router';
import { type TFunction, useTranslation } from '../i18n/i18n.ts';

/**
 * A change that waits for a second admin (docs/backoffice/four-eyes.md), said beside the form that asked for it,
 * with the way to the queue where another admin decides it: the money settings and the promotions' reward terms.
 */
export function WaitingNotice({ text, testId = 'change-waiting' }: { text: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <p data-testid={testId} className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {text}{' '}
      <Link to="/pending-changes" className="font-semibold underline">
        {t('settings.waitingLink')}
      </Link>
    </p>
  );
}

/** A save's answer: the change waiting for a second admin (202), or null when it applied at once (200). */
export function WaitingAfterSave({ change }: { change: PendingChange | null | undefined }) {
  const { t } = useTranslation();
  if (change?.status !== 'pending') return null;
  return <WaitingNotice text={t('settings.waiting', { operator: change.proposedBy })} />;
}

/** What a success says: "Saved", or that the change waits for another admin's approval. */
export function savedTextOf(change: PendingChange | null | undefined, t: TFunction): string | undefined {
  return change?.status === 'pending' ? t('settings.sentForApproval') : undefined;
}
