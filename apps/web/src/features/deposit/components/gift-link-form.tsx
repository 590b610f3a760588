import { AMOUNT_LIMITS } from '@member-wallet/contract/constants';
import type { MoneyActionResponse } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatAmount } from '../../../lib/format.ts';
import { translateCode } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSendGiftLink } from '../api/send-gift-link.ts';

/**
 * A TrueMoney gift link (spec sections 2 and 5): send is disabled while the input is empty. A credited link
 * opens the success dialog, one still being checked says so, a refused one is a red toast.
 */
export function GiftLinkForm({ onResult }: { onResult: (messages: string[]) => void }) {
  const { t } = useTranslation();
  const send = useSendGiftLink();
  const [link, setLink] = useState('');
  const trimmed = link.trim();

  function onAnswer(answer: MoneyActionResponse) {
    if (answer.status === 'FAILED') {
      showToast('error', translateCode(answer.message));
      return;
    }
    setLink('');
    onResult([answer.status === 'SUCCESS' ? t('deposit.giftLink.received') : t('deposit.checking')]);
  }

  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed !== '') send.mutate(trimmed, { onSuccess: onAnswer });
      }}
    >
      <p className="text-sm text-slate-700">
        {t('deposit.giftLink.body', { amount: formatAmount(AMOUNT_LIMITS.trueWalletMin) })}
      </p>
      <TextField
        label={t('deposit.giftLink.label')}
        name="giftLink"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://gift.truemoney.com/campaign/?v=…"
        data-i18n-exempt=""
        value={link}
        onChange={(event) => setLink(event.target.value)}
      />
      <Button type="submit" block disabled={trimmed === ''} loading={send.isPending}>
        {t('deposit.giftLink.send')}
      </Button>
    </form>
  );
}
