import type { BankAccountToCheck } from '@member-wallet/contract/backoffice/members';
import { Link } from 'react-router';
import { QueryView } from '../../components/query-view.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useBankAccountsToCheck } from './api/get-bank-accounts-to-check.ts';

/**
 * Stored bank account numbers that do not fit their bank's length, stored before the length was checked
 * (docs/backoffice/members.md, Bank account numbers to check), oldest first. Read-only: such an account matches no
 * transfer until an operator settles it with its member.
 */
export function BankAccountsToCheckScreen() {
  const { t } = useTranslation();
  const accounts = useBankAccountsToCheck();
  return (
    <section aria-labelledby="bank-accounts-to-check-title" className="space-y-4">
      <h1 id="bank-accounts-to-check-title" className="text-2xl font-semibold text-slate-900">
        {t('bankAccountsToCheck.title')}
      </h1>
      <p className="max-w-3xl text-slate-700">{t('bankAccountsToCheck.about')}</p>
      <QueryView
        query={accounts}
        retry={t('common.retry')}
        isEmpty={(data) => data.accounts.length === 0}
        empty={t('bankAccountsToCheck.empty')}
      >
        {(data) => (
          <>
            <p className="text-slate-700">
              {data.total > data.accounts.length
                ? t('bankAccountsToCheck.totalShown', { count: data.total, shown: data.accounts.length })
                : t('bankAccountsToCheck.total', { count: data.total })}
            </p>
            <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
              {data.accounts.map((account) => (
                <AccountRow key={`${account.holder}-${account.id}`} account={account} />
              ))}
            </ul>
          </>
        )}
      </QueryView>
    </section>
  );
}

function AccountRow({ account }: { account: BankAccountToCheck }) {
  const { t } = useTranslation();
  const length =
    account.min === account.max
      ? t('bankAccountsToCheck.lengthExact', { digits: account.accountNo.length, length: account.min })
      : t('bankAccountsToCheck.lengthRange', { digits: account.accountNo.length, min: account.min, max: account.max });
  return (
    <li
      data-testid="bank-account-to-check"
      className="grid grid-cols-1 gap-x-3 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[1fr_1.4fr_auto]"
    >
      <div className="min-w-0">
        {account.holder === 'member' ? (
          <Link to={`/members/${encodeURIComponent(account.id)}`} className="font-semibold text-brand-800 underline">
            {t('bankAccountsToCheck.member', { id: account.id })}
          </Link>
        ) : (
          <p className="font-semibold text-slate-900">{t('bankAccountsToCheck.channel', { id: account.id })}</p>
        )}
        <p className="break-words font-mono text-slate-800">
          {account.bankCode} {account.accountNo}
        </p>
      </div>
      <div className="min-w-0">
        <p className="text-slate-800">{length}</p>
        {account.sameDigitsAs.length > 0 ? (
          <p className="break-words text-amber-900">
            {t('bankAccountsToCheck.sameDigitsAs')}{' '}
            {account.sameDigitsAs.map((id, index) => (
              <span key={id}>
                {index > 0 ? ', ' : null}
                <Link to={`/members/${encodeURIComponent(id)}`} className="font-semibold text-brand-800 underline">
                  {id}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
      </div>
      <p className="text-slate-600 sm:text-right">
        {t('bankAccountsToCheck.storedAt')} <span className="tabular-nums">{formatDateTime(account.createdAt)}</span>
      </p>
    </li>
  );
}
