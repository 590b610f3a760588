import type { DepositBank } from '@member-wallet/contract/deposit';
import { Button } from '@member-wallet/ui/button';
import { CopyRow } from '../../../components/copy-row.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatBankAccount } from '../../../lib/format.ts';
import { bankLogo } from '../bank-logo.ts';
import { bankName } from '../bank-name.ts';

/** The bank's bundled logo beside its name (decorative: the name says it); nothing when none is bundled. */
export function BankLogo({ code }: { code: string }) {
  const logo = bankLogo(code);
  return logo ? <img src={logo} alt="" width={32} height={32} className="size-8 shrink-0 rounded-full" /> : null;
}

/**
 * One account to transfer to (spec section 2): the bank, the account's number and name with copy buttons,
 * and the "I have transferred" button. An AUTO account is matched to the member by their registered
 * account, so the text says the money must come from it.
 */
export function BankEntry({
  entry,
  memberAccountNo,
  onTransferred,
}: {
  entry: DepositBank;
  memberAccountNo: string;
  onTransferred: () => void;
}) {
  const { t, i18n } = useTranslation();
  const name = bankName(entry, i18n.language);
  return (
    <article aria-label={name} className="space-y-2 rounded-2xl p-3 ring-1 ring-slate-200">
      <h4 className="flex items-center gap-2 font-semibold text-slate-900" data-i18n-exempt="">
        <BankLogo code={entry.bankCode} />
        {name}
      </h4>
      <CopyRow
        label={t('deposit.bank.accountNo')}
        value={entry.accountNo}
        display={formatBankAccount(entry.accountNo)}
      />
      <CopyRow label={t('deposit.bank.accountName')} value={entry.accountName} />
      <p className="text-sm text-slate-700">
        {entry.mode === 'AUTO'
          ? t('deposit.bank.auto', { account: formatBankAccount(memberAccountNo) })
          : t('deposit.bank.manual')}
      </p>
      <Button variant="secondary" block onClick={onTransferred}>
        {t('deposit.bank.transfer')}
      </Button>
    </article>
  );
}
