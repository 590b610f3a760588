import type { MoneyActionResponse, WalletResponse } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { failureOutcome, type Outcome, ResultDialog } from '../../../components/result-dialog.tsx';
import { type TFunction, useTranslation } from '../../../i18n/i18n.ts';
import { displayCurrency, formatAmount, formatMoney, parseAmount } from '../../../lib/format.ts';
import { useWithdrawLimits } from '../api/get-withdraw-limits.ts';
import { useMoneyAction, withdraw, withdrawAll } from '../api/money-actions.ts';

/** The messages of spec section 5 for a withdrawal; empty when it may be sent. */
export function withdrawProblems(
  t: TFunction,
  amount: number | null,
  limits: { withdrawMin: number; withdrawMax: number },
) {
  if (amount === null || amount < limits.withdrawMin) {
    return [t('validation.withdrawMin', { amount: formatAmount(limits.withdrawMin) })];
  }
  if (amount > limits.withdrawMax) return [t('validation.withdrawMax', { amount: formatAmount(limits.withdrawMax) })];
  return [];
}

/** Pays wallet money to the member's bank account (spec section 2, Withdraw modal). */
export function WithdrawModal({ wallet, onClose }: { wallet: WalletResponse; onClose: (saved: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const limits = useWithdrawLimits();
  const [amountText, setAmountText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saved, setSaved] = useState(false);
  const one = useMoneyAction(withdraw);
  const all = useMoneyAction(withdrawAll);
  // The wallet after each withdrawal, so that "withdraw all" always sends the total the member now has.
  const [balance, setBalance] = useState(wallet.wallet.amount);
  const handlers = {
    onSuccess: (answer: MoneyActionResponse) => {
      setBalance(answer.wallet.amount);
      setSaved(true);
      setAmountText('');
      // Paid at once, or a request the payout party (or an operator) has yet to pay: say which (issue 21).
      const said = answer.status === 'IN_PROGRESS' ? t('live.withdrawReceived') : t('wallet.saved');
      setOutcome({ tone: 'success' as const, messages: [said] });
    },
    onError: (error: unknown) => setOutcome(failureOutcome(error)),
  };

  function submit() {
    if (!limits.data) return;
    const amount = parseAmount(amountText);
    const problems = withdrawProblems(t, amount, limits.data);
    if (problems.length > 0 || amount === null) {
      setOutcome({ tone: 'error', messages: problems });
      return;
    }
    one.mutate({ amount }, handlers);
  }

  const busy = one.isPending || all.isPending;
  return (
    <Modal open onClose={() => onClose(saved)} title={t('withdraw.title')}>
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-slate-700">
          {t('withdraw.available')}{' '}
          <span className="font-semibold text-slate-900" translate="no">
            {formatMoney(i18n.language, balance, displayCurrency(wallet.wallet.currency))}
          </span>
        </p>
        {limits.isPending ? <Spinner /> : null}
        {limits.isError ? <p className="text-slate-600">{t('common.loadFailed')}</p> : null}
        <TextField
          label={t('withdraw.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          hint={
            limits.data
              ? t('withdraw.limits', {
                  min: formatAmount(limits.data.withdrawMin),
                  max: formatAmount(limits.data.withdrawMax),
                })
              : null
          }
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
        />
        <p className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('withdraw.bonusNote')}</p>
        <div className="grid grid-cols-2 gap-2 pt-1">
          <Button
            variant="secondary"
            disabled={busy || balance <= 0}
            loading={all.isPending}
            onClick={() => all.mutate({ amount: balance }, handlers)}
          >
            {t('withdraw.all')}
          </Button>
          <Button type="submit" disabled={busy || !limits.data} loading={one.isPending}>
            {t('withdraw.submit')}
          </Button>
        </div>
      </form>
      <ResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
    </Modal>
  );
}
