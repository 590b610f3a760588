import { Button } from '@member-wallet/ui/button';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type ApiError, isApiError } from '../../../lib/http.ts';
import { storeLimitedToken } from '../../../lib/session.ts';

/** A sign-in refused for a time-out or self-exclusion: the block, when it ends, and the limited session it gave. */
export interface Block {
  code: 'TIMED_OUT' | 'SELF_EXCLUDED';
  /** When it ends (ISO); null: permanent. */
  endsAt: string | null;
  token: string;
}

/** The block a refused login stands for, if any. */
export function blockOf(error: unknown): Block | null {
  if (!isApiError(error) || !error.session) return null;
  if (error.code !== 'TIMED_OUT' && error.code !== 'SELF_EXCLUDED') return null;
  const endsAt = error.detail && !Number.isNaN(Date.parse(error.detail)) ? error.detail : null;
  return { code: error.code, endsAt, token: error.session.token };
}

/**
 * Says why the member cannot play and until when, and leads to the limited page, where the balance can still be
 * withdrawn (issue 23). The limited session is stored only when the member goes there.
 */
export function BlockedNotice({ refusal }: { refusal: ApiError }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const block = blockOf(refusal);
  if (!block) return null;
  return (
    <div role="alert" className="space-y-3 rounded-xl bg-amber-50 px-3 py-3 text-amber-950 ring-1 ring-amber-200">
      <p className="font-semibold">{t(`errors.${block.code}`)}</p>
      <p>
        {block.endsAt === null
          ? t('blockedLogin.permanent')
          : t('blockedLogin.until', { date: formatDateTime(block.endsAt) })}
      </p>
      <p className="text-sm">{t('blockedLogin.withdrawNote')}</p>
      <Button
        variant="secondary"
        block
        onClick={() => {
          storeLimitedToken(block.token);
          void navigate('/limited');
        }}
      >
        {t('blockedLogin.continue')}
      </Button>
    </div>
  );
}
