import { PAGE_SIZE } from '@member-wallet/contract/constants';
import type { InviteItemStatus } from '@member-wallet/contract/invite';
import type { WalletResponse } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { useId, useState } from 'react';
import { CopyRow } from '../../../components/copy-row.tsx';
import { Modal } from '../../../components/modal.tsx';
import { pageCount, SimplePager } from '../../../components/simple-pager.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { displayCurrency, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useInvites } from '../api/get-invites.ts';
import { CollectInviteDialog } from './collect-invite-dialog.tsx';

/**
 * What became of an accrual, when it is not simply waiting to be collected: collected, held for an operator's
 * review (not in the amount to collect), or not paid (the review rejected the link). docs/promotions/invite.md.
 */
function InviteRowStatus({ status }: { status: InviteItemStatus }) {
  const { t } = useTranslation();
  if (status === 'collected') return <p className="text-xs text-emerald-800">{t('invite.collected')}</p>;
  if (status === 'held') return <p className="text-xs text-amber-800">{t('invite.held')}</p>;
  if (status === 'forfeited') return <p className="text-xs text-red-800">{t('invite.forfeited')}</p>;
  return null;
}

/** The invite link of spec section 2, on the origin the member is using: `/register?code=PR{profile id}`. */
export function inviteLink(profileId: string, origin: string = window.location.origin): string {
  const url = new URL('/register', origin);
  url.searchParams.set('code', `PR${profileId}`);
  return url.toString();
}

/**
 * Invite friends (spec section 2): the member's invite link with a copy button, the referral bonus to collect
 * (with its confirmation), and the list of what each invited friend earned, 10 a page.
 */
export function InviteModal({
  wallet,
  onClose,
  onWalletChanged,
}: {
  wallet: WalletResponse;
  onClose: () => void;
  onWalletChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const invites = useInvites(page);
  const listTitle = useId();
  const currency = displayCurrency(wallet.wallet.currency);
  const rows = invites.data?.invites ?? [];

  return (
    <Modal open onClose={onClose} title={t('invite.title')}>
      <div className="space-y-4">
        <CopyRow label={t('invite.link')} value={inviteLink(wallet.profile._id)} />
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50 px-3 py-2">
          <p className="text-sm text-slate-700">
            {t('invite.accrued')}{' '}
            <span className="font-semibold text-slate-900" translate="no" data-testid="invite-accrued">
              {formatMoney(i18n.language, wallet.invite.amount, currency)}
            </span>
          </p>
          <Button onClick={() => setConfirming(true)} disabled={wallet.invite.amount <= 0}>
            {t('invite.collect')}
          </Button>
        </div>
        <section aria-labelledby={listTitle} className="space-y-2">
          <h3 id={listTitle} className="font-semibold text-slate-900">
            {t('invite.listTitle')}
          </h3>
          {invites.isPending ? <Spinner /> : null}
          {invites.isError ? <p className="text-sm text-slate-600">{t('common.loadFailed')}</p> : null}
          {invites.isSuccess && rows.length === 0 ? (
            <p className="text-sm text-slate-600">{t('invite.empty')}</p>
          ) : null}
          {rows.length > 0 ? (
            <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
              {rows.map((row) => (
                <li
                  key={`${row.from.name}-${row.createdAt}`}
                  className="flex items-center justify-between gap-3 px-3 py-2"
                >
                  <div className="min-w-0">
                    <p className="break-words font-semibold text-slate-900" data-i18n-exempt="">
                      {row.from.name}
                    </p>
                    <p className="text-sm text-slate-600" data-i18n-exempt="">
                      <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p className="font-semibold text-slate-900" translate="no">
                      {formatMoney(i18n.language, row.amount, currency)}
                    </p>
                    <InviteRowStatus status={row.status} />
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          <SimplePager page={page} pages={pageCount(invites.data?.total ?? 0, PAGE_SIZE.invites)} onChange={setPage} />
        </section>
      </div>
      {confirming ? (
        <CollectInviteDialog wallet={wallet} onClose={() => setConfirming(false)} onWalletChanged={onWalletChanged} />
      ) : null}
    </Modal>
  );
}
