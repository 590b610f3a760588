import { AMOUNT_LIMITS } from '@member-wallet/contract/constants';
import { giftLinkIn } from '@member-wallet/contract/truelink';
import type { MoneyActionResponse } from '@member-wallet/contract/wallet';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type ClipboardEvent, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { formatAmount } from '../../../lib/format.ts';
import { translateCode } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast-store.ts';
import { useSendGiftLink } from '../api/send-gift-link.ts';

/**
 * A one-line field drops a pasted text's line breaks, which would glue the link to the next line's words: they
 * are pasted as spaces instead, where the caret or the selection is.
 */
function pasteOnOneLine(event: ClipboardEvent<HTMLInputElement>, setLink: (value: string) => void) {
  const pasted = event.clipboardData.getData('text');
  if (!/[\r\n]/.test(pasted)) return;
  event.preventDefault();
  const input = event.currentTarget;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  setLink(`${input.value.slice(0, start)}${pasted.replace(/\s*[\r\n]+\s*/g, ' ')}${input.value.slice(end)}`);
}

/**
 * A TrueMoney gift link (spec sections 2 and 5): send is disabled while the input is empty. The member may paste
 * the link or the whole message TrueMoney's app shares: the one gift link in it is sent (the contract's
 * `giftLinkIn`, the server's own rule), anything else is refused here with the server's TRUELINK_INVALID text. A
 * credited link opens the success dialog, one still being checked says so, a refused one is a red toast.
 */
export function GiftLinkForm({ onResult }: { onResult: (messages: string[]) => void }) {
  const { t } = useTranslation();
  const send = useSendGiftLink();
  const [link, setLink] = useState('');
  const [invalid, setInvalid] = useState(false);
  const trimmed = link.trim();

  function onAnswer(answer: MoneyActionResponse) {
    if (answer.status === 'FAILED') {
      showToast('error', translateCode(answer.message));
      return;
    }
    setLink('');
    onResult([answer.status === 'SUCCESS' ? t('deposit.giftLink.received') : t('deposit.checking')]);
  }

  function edit(value: string) {
    setLink(value);
    setInvalid(false);
  }

  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed === '') return;
        const found = giftLinkIn(trimmed);
        if (found === null) setInvalid(true);
        else send.mutate(found, { onSuccess: onAnswer });
      }}
    >
      <p className="text-sm text-slate-700">
        {t('deposit.giftLink.body', { amount: formatAmount(AMOUNT_LIMITS.trueWalletMin) })}
      </p>
      <TextField
        label={t('deposit.giftLink.label')}
        name="giftLink"
        type="text"
        autoComplete="off"
        placeholder="https://gift.truemoney.com/campaign/?v=…"
        data-i18n-exempt=""
        value={link}
        hint={t('deposit.giftLink.hint')}
        error={invalid ? translateCode('TRUELINK_INVALID') : null}
        onPaste={(event) => pasteOnOneLine(event, edit)}
        onChange={(event) => edit(event.target.value)}
      />
      <Button type="submit" block disabled={trimmed === ''} loading={send.isPending}>
        {t('deposit.giftLink.send')}
      </Button>
    </form>
  );
}
