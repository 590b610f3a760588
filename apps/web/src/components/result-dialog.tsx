import { Button } from '@member-wallet/ui/button';
import { useTranslation } from '../i18n/i18n.ts';
import { isApiError, translateCode } from '../lib/http.ts';
import { Modal } from './modal.tsx';

/** What a money action or its validation ended with: a success, or an error with its messages. */
export type Outcome = { tone: 'success' | 'error'; messages: readonly string[] };

/**
 * The success and error dialogs of spec section 8: a success reads the saved message, a failure the generic
 * error title with the server's (translated) message or the validation messages of section 5.
 */
export function ResultDialog({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  const success = outcome.tone === 'success';
  return (
    <Modal open onClose={onClose} title={success ? t('wallet.successTitle') : t('wallet.errorTitle')}>
      <div className={`mb-4 space-y-1 ${success ? 'text-emerald-800' : 'text-red-700'}`}>
        {outcome.messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
      <Button block onClick={onClose}>
        {t('common.ok')}
      </Button>
    </Modal>
  );
}

/** The error dialog's content for a failed call; a failure the client already acted on shows nothing. */
export function failureOutcome(error: unknown): Outcome | null {
  if (isApiError(error)) return error.handled ? null : { tone: 'error', messages: [error.message] };
  console.error(error);
  return { tone: 'error', messages: [translateCode('INTERNAL_SERVER_ERROR')] };
}
