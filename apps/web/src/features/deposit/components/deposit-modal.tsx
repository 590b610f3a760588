import type { WalletResponse } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { type ReactNode, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { type Outcome, ResultDialog } from '../../../components/result-dialog.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { displayCurrency } from '../../../lib/format.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useDepositLookup } from '../api/get-deposit-lookup.ts';
import { needsEnglishName } from '../bank-name.ts';
import { BankEntry } from './bank-entry.tsx';
import { BankNamePrompt } from './bank-name-prompt.tsx';
import { GiftLinkForm } from './gift-link-form.tsx';
import { QrTabs } from './qr-tabs.tsx';
import { SlipUpload } from './slip-upload.tsx';

export interface DepositModalProps {
  wallet: WalletResponse;
  onClose: () => void;
  /** The wallet changed (a deposit was credited, the account name was updated): read it again. */
  onWalletChanged: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The deposit modal (spec section 2): bank accounts to transfer to, QR codes per gateway, the TrueMoney gift
 * link and the slip upload, as the deposit lookup lists them.
 */
export function DepositModal({ wallet, onClose, onWalletChanged }: DepositModalProps) {
  const { t, i18n } = useTranslation();
  const lookup = useDepositLookup(i18n.language);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const currency = displayCurrency(wallet.wallet.currency);

  function closeOutcome() {
    // Spec section 2: a credited deposit reloads the wallet once its success dialog is closed.
    if (outcome?.tone === 'success') onWalletChanged();
    setOutcome(null);
  }

  function transferred() {
    showToast('success', t('deposit.bank.refreshReminder'));
    onClose();
  }

  let body: ReactNode;
  if (lookup.isPending) {
    body = <Spinner />;
  } else if (lookup.isError) {
    // Spec section 8 hides the spinner silently; the retry keeps the member from being stuck.
    body = (
      <div className="space-y-3 text-center">
        <p className="text-slate-600">{t('common.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void lookup.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    const { banks, wallets, isManual } = lookup.data;
    const transfers = banks.filter((entry) => entry.bankType === 'BANK' && entry.mode !== 'QR');
    const qrs = banks.filter((entry) => entry.mode === 'QR');
    const giftLink = wallets.some((entry) => entry.mode === 'GIFT_LINK');
    // A MANUAL account is proved by a slip, so the upload shows when the operator takes slips (`isManual`)
    // or lists such an account; AUTO accounts are matched by the bank feed and need no slip.
    const slips = isManual || transfers.some((entry) => entry.mode === 'MANUAL');
    const nothing = transfers.length === 0 && qrs.length === 0 && !giftLink && !slips;
    body = (
      <div className="space-y-5">
        {needsEnglishName(banks, wallet.bankAccount) ? (
          <BankNamePrompt bankCode={wallet.bankAccount.bankCode} onSaved={onWalletChanged} />
        ) : null}
        {transfers.length > 0 ? (
          <Section title={t('deposit.bank.heading')}>
            {transfers.map((entry) => (
              <BankEntry
                key={`${entry.bankCode}-${entry.accountNo}`}
                entry={entry}
                memberAccountNo={wallet.bankAccount.bankAccountNo}
                onTransferred={transferred}
              />
            ))}
          </Section>
        ) : null}
        {qrs.length > 0 ? (
          <Section title={t('deposit.qr.heading')}>
            <QrTabs entries={qrs} currency={currency} onQrGone={onWalletChanged} />
          </Section>
        ) : null}
        {giftLink ? (
          <Section title={t('deposit.giftLink.heading')}>
            <GiftLinkForm onResult={(messages) => setOutcome({ tone: 'success', messages })} />
          </Section>
        ) : null}
        {slips ? (
          <Section title={t('deposit.slip.heading')}>
            <SlipUpload currency={currency} onOutcome={setOutcome} />
          </Section>
        ) : null}
        {nothing ? <p className="text-slate-600">{t('deposit.empty')}</p> : null}
      </div>
    );
  }

  return (
    <Modal open onClose={onClose} title={t('deposit.title')}>
      {body}
      <ResultDialog outcome={outcome} onClose={closeOutcome} />
    </Modal>
  );
}
