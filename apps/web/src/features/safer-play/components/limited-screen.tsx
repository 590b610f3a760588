import type { BlockView } from '@member-wallet/contract/safer-play';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toastError } from '../../../lib/http.ts';
import { useSaferPlayStatus } from '../api/get-status.ts';
import { useRequestReopen } from '../api/request-reopen.ts';

/** When the block ends, or that it is for good. */
function BlockEnd({ block }: { block: BlockView }) {
  const { t } = useTranslation();
  const timeout = block.kind === 'timeout';
  if (block.endsAt === null) return <p>{t('saferPlay.limited.permanent')}</p>;
  const date = formatDateTime(block.endsAt);
  if (block.ended) {
    return (
      <p>{timeout ? t('saferPlay.limited.timeoutEnded', { date }) : t('saferPlay.limited.exclusionEnded', { date })}</p>
    );
  }
  return (
    <p>{timeout ? t('saferPlay.limited.timeoutUntil', { date }) : t('saferPlay.limited.exclusionUntil', { date })}</p>
  );
}

/** Once the block has ended the member may ask to reopen; the account reopens 24 hours after the ask. */
function Reopen({ block }: { block: BlockView }) {
  const { t } = useTranslation();
  const reopen = useRequestReopen();
  if (!block.ended) return null;
  if (block.reopensAt) {
    return (
      <p role="status" className="rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900">
        {t('saferPlay.limited.reopensAt', { date: formatDateTime(block.reopensAt) })}
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">{t('saferPlay.limited.reopenNote')}</p>
      <Button block loading={reopen.isPending} onClick={() => reopen.mutate(undefined, { onError: toastError })}>
        {t('saferPlay.limited.reopen')}
      </Button>
    </div>
  );
}

function BlockStatus() {
  const { t } = useTranslation();
  const status = useSaferPlayStatus();
  if (status.isPending) return <Spinner />;
  if (status.isError) return <p className="text-slate-600">{t('common.loadFailed')}</p>;
  const { block } = status.data;
  if (!block) return null;
  return (
    <div className="space-y-3 text-slate-800">
      <BlockEnd block={block} />
      <Reopen block={block} />
    </div>
  );
}

export interface LimitedScreenProps {
  /** The wallet's balance and the withdrawal, which the app composes from the home feature. */
  wallet: ReactNode;
  onLogout: () => void;
  loggingOut: boolean;
}

/**
 * The screen of a limited session (a sign-in refused for a time-out or self-exclusion, issue 23): the block, the
 * wallet's balance and a withdrawal, reopening once the block has ended, and logout. Nothing else is reachable.
 */
export function LimitedScreen({ wallet, onLogout, loggingOut }: LimitedScreenProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('saferPlay.limited.title')}</h1>
      <section
        aria-labelledby="limited-block"
        className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="limited-block" className="text-lg font-semibold text-slate-900">
          {t('saferPlay.limited.blockTitle')}
        </h2>
        <BlockStatus />
      </section>
      {wallet}
      <Button variant="secondary" block loading={loggingOut} onClick={onLogout}>
        {t('auth.logout')}
      </Button>
    </div>
  );
}
