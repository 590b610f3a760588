import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { LockIcon } from '../../../components/member-icons.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { bankNameIn } from '../../../lib/bank-name.ts';
import { formatBankAccount, formatDate } from '../../../lib/format.ts';
import { profileQuery, useProfile } from '../api/get-profile.ts';
import { DeviceSettings } from './device-settings.tsx';

const ChangePasswordModal = lazy(() =>
  import('./change-password-modal.tsx').then((module) => ({ default: module.ChangePasswordModal })),
);

export function prefetch(client: QueryClient): void {
  void client.prefetchQuery(profileQuery);
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="border-b border-slate-100 py-3 last:border-b-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900" data-i18n-exempt="">
        {value}
      </dd>
    </div>
  );
}

/** The member's profile and bank details, read-only (spec section 2, Profile). */
export function ProfileScreen() {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const [changing, setChanging] = useState(false);

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return (
      <div className="space-y-3 text-center">
        <p className="text-slate-600">{t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const member = profile.data;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-slate-900">{t('profile.title')}</h1>
        <button
          type="button"
          onClick={() => setChanging(true)}
          aria-label={t('profile.changePassword')}
          title={t('profile.changePassword')}
          className="inline-flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-800 hover:bg-brand-100 focus-visible:outline-3 focus-visible:outline-brand-500"
        >
          <LockIcon />
        </button>
      </div>
      <dl className="rounded-2xl bg-white px-4 shadow-sm ring-1 ring-slate-200">
        <Row label={t('profile.name')} value={member.name} />
        <Row label={t('profile.id')} value={member._id} />
        <Row label={t('profile.createdAt')} value={formatDate(member.createdAt)} />
        <Row label={t('profile.username')} value={member.username} />
        <Row label={t('profile.bankAccountName')} value={member.bankAccountName} />
        <Row label={t('profile.bankName')} value={bankNameIn(member.bank, i18n.language)} />
        <Row label={t('profile.bankAccountNo')} value={formatBankAccount(member.bankAccountNo)} />
      </dl>
      <DeviceSettings />
      <Link
        to="/user/safer-play"
        className="block min-h-14 rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500"
      >
        <span className="block font-semibold text-brand-800 underline">{t('saferPlay.title')}</span>
        <span className="block text-sm text-slate-600">{t('saferPlay.profileLink')}</span>
      </Link>
      <Suspense fallback={null}>
        {changing ? <ChangePasswordModal phone={member.username} onClose={() => setChanging(false)} /> : null}
      </Suspense>
    </div>
  );
}
