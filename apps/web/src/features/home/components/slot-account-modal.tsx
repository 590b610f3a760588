import type { SlotItem } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { useState } from 'react';
import { CopyRow } from '../../../components/copy-row.tsx';
import { PhoneIcon } from '../../../components/member-icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { failureOutcome, type Outcome, ResultDialog } from '../../../components/result-dialog.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { parseAmount } from '../../../lib/format.ts';
import { toastError } from '../../../lib/http.ts';
import { openBlankTab, openGameLink } from '../../../lib/open-link.ts';
import { safeImageUrl, safeLinkUrl } from '../../../lib/safe-url.ts';
import { getAutoLogin, hasAutoLogin } from '../api/get-auto-login.ts';
import { useSlotAccount } from '../api/get-slot-account.ts';
import { addToSlot, useMoneyAction } from '../api/money-actions.ts';
import { useResetSlotPassword } from '../api/reset-slot-password.ts';
import { ConfirmResetDialog, ResetDoneDialog } from './reset-password-dialogs.tsx';

function AppLink({ href, label }: { href: string | null; label: string }) {
  const link = href ? safeLinkUrl(href) : undefined;
  const className =
    'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-xl border px-3 font-semibold focus-visible:outline-3 focus-visible:outline-brand-500';
  if (!link) {
    return (
      <button type="button" disabled className={`${className} border-slate-300 text-slate-500`}>
        <PhoneIcon className="size-5" />
        {label}
      </button>
    );
  }
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      className={`${className} border-brand-700 text-brand-800 hover:bg-brand-50`}
    >
      <PhoneIcon className="size-5" />
      {label}
    </a>
  );
}

/** Credentials, password reset, launch and "transfer only" for one game account (spec section 2). */
export function SlotAccountModal({ slot, onClose }: { slot: SlotItem; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const account = useSlotAccount(slot.code);
  const reset = useResetSlotPassword();
  const add = useMoneyAction(addToSlot);
  const [amountText, setAmountText] = useState('');
  const [launching, setLaunching] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [saved, setSaved] = useState(false);
  const [asking, setAsking] = useState(false);
  const amount = parseAmount(amountText) ?? 0;
  const code = slot.code;
  const autoLogin = hasAutoLogin(code);
  const canLaunch = autoLogin ? Boolean(account.data) : Boolean(slot.web);
  const logo = safeImageUrl(slot.logo);

  async function launch() {
    if (!hasAutoLogin(code) || !account.data) {
      if (slot.web) openGameLink(slot.web);
      return;
    }
    const tab = openBlankTab();
    setLaunching(true);
    try {
      openGameLink(await getAutoLogin(code, account.data), tab);
    } catch (error) {
      tab?.close();
      toastError(error);
    } finally {
      setLaunching(false);
    }
  }

  function transferOnly() {
    if (amount <= 0) return;
    add.mutate(
      { slotCode: slot.code, amount },
      {
        onSuccess: () => {
          setSaved(true);
          setAmountText('');
          setOutcome({ tone: 'success', messages: [t('wallet.saved')] });
        },
        onError: (error) => setOutcome(failureOutcome(error)),
      },
    );
  }

  return (
    <Modal open onClose={() => onClose(saved)} title={t('slot.title', { name: slot.name })}>
      <div className="space-y-4">
        {logo ? <img src={logo} alt="" width={160} height={64} className="mx-auto h-16 w-auto object-contain" /> : null}
        {account.isPending ? <Spinner /> : null}
        {account.isError ? <p className="text-slate-600">{t('common.loadFailed')}</p> : null}
        {account.data ? (
          <div className="space-y-2">
            <CopyRow label={t('slot.username')} value={account.data.username} />
            <CopyRow label={t('slot.password')} value={account.data.password} />
          </div>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" loading={reset.isPending} onClick={() => setAsking(true)}>
            {t('slot.resetPassword')}
          </Button>
          <Button loading={launching} disabled={!canLaunch} onClick={() => void launch()}>
            {t('slot.play')}
          </Button>
        </div>
        <div className="flex gap-2">
          <AppLink href={slot.android} label={t('slot.android')} />
          <AppLink href={slot.ios} label={t('slot.ios')} />
        </div>
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            transferOnly();
          }}
        >
          <TextField
            className="flex-1"
            label={t('slot.transferAmount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
          />
          <Button type="submit" disabled={amount <= 0} loading={add.isPending}>
            {t('slot.transferOnly')}
          </Button>
        </form>
      </div>
      <ResultDialog outcome={outcome} onClose={() => setOutcome(null)} />
      {asking ? (
        <ConfirmResetDialog
          resetting={reset.isPending}
          onKeep={() => setAsking(false)}
          onConfirm={() => reset.mutate(slot.code, { onSettled: () => setAsking(false) })}
        />
      ) : null}
      {reset.data ? <ResetDoneDialog password={reset.data.password} onClose={() => reset.reset()} /> : null}
    </Modal>
  );
}
