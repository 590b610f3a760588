import { AMOUNT_LIMITS } from '@member-wallet/contract/constants';
import { WALLET_CODE, type WalletResponse } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { failureOutcome, type Outcome, ResultDialog } from '../../../components/result-dialog.tsx';
import { Select } from '../../../components/select.tsx';
import { type TFunction, useTranslation } from '../../../i18n/i18n.ts';
import { displayCurrency, formatAmount, formatMoneyMinor, minorUnitsOf, parseAmount } from '../../../lib/format.ts';
import { transfer, transferAll, useMoneyAction } from '../api/money-actions.ts';
import { slotValueMinor } from '../money.ts';

/** The messages of spec section 5 for a transfer; empty when it may be sent. */
export function transferProblems(t: TFunction, from: string, to: string, amount: number | null): string[] {
  if (!from || !to) return [t('validation.selectAccount')];
  if (from === to) return [t('validation.cannotTransfer')];
  if (amount === null || amount < AMOUNT_LIMITS.transferMin) {
    return [t('validation.transferMinAmount', { amount: formatAmount(AMOUNT_LIMITS.transferMin) })];
  }
  return [];
}

/** Moves money between the wallet and the active game accounts (spec section 2, Transfer modal). */
export function TransferModal({ wallet, onClose }: { wallet: WalletResponse; onClose: (saved: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const currency = displayCurrency(wallet.wallet.currency);
  const money = (minor: bigint) => formatMoneyMinor(i18n.language, minor, currency);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [amountText, setAmountText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saved, setSaved] = useState(false);
  const one = useMoneyAction(transfer);
  const all = useMoneyAction(transferAll);
  // Index 0 is the placeholder, 1 the wallet, then every active game account (spec section 2), each with its
  // balance as the home screen shows it, so the member picks where the money is without closing the modal.
  const options = [
    { value: WALLET_CODE, label: `${t('wallet.mainWallet')} · ${money(minorUnitsOf(wallet.wallet.amount))}` },
    ...wallet.slots
      .filter((slot) => slot.isActive)
      .map((slot) => ({ value: slot.code, label: `${slot.name} · ${money(slotValueMinor(slot))}`, labelIsData: true })),
  ];
  const handlers = {
    onSuccess: () => {
      setSaved(true);
      setAmountText('');
      setOutcome({ tone: 'success' as const, messages: [t('wallet.saved')] });
    },
    onError: (error: unknown) => setOutcome(failureOutcome(error)),
  };

  function submit() {
    const amount = parseAmount(amountText);
    const problems = transferProblems(t, from, to, amount);
    if (problems.length > 0 || amount === null) {
      setOutcome({ tone: 'error', messages: problems });
      return;
    }
    one.mutate({ from, to, amount }, handlers);
  }

  function submitAll() {
    if (!to) {
      setOutcome({ tone: 'error', messages: [t('validation.selectAccount')] });
      return;
    }
    all.mutate({ to }, handlers);
  }

  const busy = one.isPending || all.isPending;
  return (
    <Modal open onClose={() => onClose(saved)} title={t('transfer.title')}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Select
          label={t('transfer.from')}
          name="from"
          placeholder={t('common.selectPlaceholder')}
          options={options}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <Select
          label={t('transfer.to')}
          name="to"
          placeholder={t('common.selectPlaceholder')}
          options={options}
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
        <TextField
          label={t('transfer.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          hint={t('transfer.minHint', { amount: formatAmount(AMOUNT_LIMITS.transferMin) })}
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
        />
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button variant="secondary" disabled={busy} loading={all.isPending} onClick={submitAll}>
            {t('transfer.all')}
          </Button>
          <Button type="submit" disabled={busy} loading={one.isPending}>
            {t('transfer.submit')}
          </Button>
        </div>
      </form>
      <ResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </Modal>
  );
}
