import { DELAY_MS } from '@member-wallet/contract/constants';
import type { DepositBank, QrcodeResponse } from '@member-wallet/contract/deposit';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import { env } from '../../../lib/env.ts';
import { type Currency, formatAmount, formatDateTime, formatMoney, parseAmount } from '../../../lib/format.ts';
import { useCreateQrcode } from '../api/create-qrcode.ts';
import { useDeleteQrcode } from '../api/delete-qrcode.ts';
import { LIVE_QR_POLL_MS, NO_QRCODE, qrcodeQuery, useQrcode } from '../api/get-qrcode.ts';
import { canCreateQr, formatCountdown, qrMinimum, qrPictureName, qrQuickAmounts, svgImageSource } from '../qr-rules.ts';
import { QrSave } from './qr-save.tsx';

/** Seconds left until `deadline` (epoch ms), ticking every DELAY_MS.qrCountdownTick. */
function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), DELAY_MS.qrCountdownTick);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

function LiveQr({
  entry,
  qr,
  receivedAt,
  currency,
  onExpired,
  onCancelled,
}: {
  entry: DepositBank;
  qr: QrcodeResponse;
  receivedAt: number;
  currency: Currency;
  onExpired: (amount: number) => void;
  onCancelled: (qrcodeId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const gateway = entry.bankCode;
  const cancel = useDeleteQrcode(gateway, onCancelled);
  // The deadline as first read: the picture says until when the QR can be paid, to the second.
  const [deadline] = useState(() => receivedAt + qr.expireIn * 1000);
  const left = useSecondsLeft(deadline);
  const amount = formatMoney(i18n.language, qr.amount, currency);
  const source = svgImageSource(qr.qrcode);

  // At 00:00 the QR is gone (spec section 4): the tab says so and shows the create form again.
  useEffect(() => {
    if (left > 0) return;
    onExpired(qr.amount);
    client.setQueryData(qrcodeQuery(gateway).queryKey, NO_QRCODE);
  }, [left, client, gateway, onExpired, qr.amount]);

  return (
    <div className="space-y-3 text-center">
      {qr.sandbox ? (
        // A sandbox gateway's QR pays nobody: said beside it, in the stripes of the SANDBOX mark (the sandbox label).
        <p
          role="note"
          className="mx-auto max-w-64 rounded-lg bg-yellow-300 px-3 py-2 font-semibold text-slate-950 ring-4 ring-slate-900"
        >
          {t('deposit.qr.sandbox')}
        </p>
      ) : null}
      <img
        src={source}
        alt={t('deposit.qr.image', { amount })}
        className={`mx-auto aspect-square w-full max-w-64 rounded-xl bg-white p-2 ${qr.sandbox ? 'ring-4 ring-yellow-400' : 'ring-1 ring-slate-200'}`}
      />
      <p className="text-2xl font-semibold text-slate-900" translate="no">
        {amount}
      </p>
      <p className="text-sm text-slate-700">{t('deposit.qr.scan', { amount })}</p>
      <p className="text-slate-700">
        {t('deposit.qr.expiresIn')}{' '}
        <span
          className="font-semibold tabular-nums text-slate-900"
          data-testid="qr-countdown"
          role="timer"
          translate="no"
        >
          {formatCountdown(left)}
        </span>
      </p>
      <QrSave
        source={source}
        name={qrPictureName(gateway, qr.amount)}
        texts={{
          recipient: t('edges.qr.recipient', { name: entry.accountName }),
          amount,
          expiry: t('edges.qr.payBefore', { time: formatDateTime(deadline) }),
        }}
      />
      <Button variant="danger" block loading={cancel.isPending} onClick={() => cancel.mutate(qr.qrcodeId)}>
        {t('deposit.qr.cancel')}
      </Button>
    </div>
  );
}

/** Said once a QR ran out (at 00:00, or the server ended it first), with a new QR of the same amount one tap away. */
function ExpiredQr({ entry, amount, currency }: { entry: DepositBank; amount: number; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const create = useCreateQrcode(entry.bankCode);
  return (
    <div className="space-y-2 rounded-xl bg-amber-50 p-3">
      <p role="alert" className="text-amber-900">
        {t('edges.qr.expired')}
      </p>
      <Button block loading={create.isPending} onClick={() => create.mutate(amount)}>
        {t('edges.qr.again', { amount: formatMoney(i18n.language, amount, currency) })}
      </Button>
    </div>
  );
}

function CreateQr({ entry }: { entry: DepositBank }) {
  const { t } = useTranslation();
  const create = useCreateQrcode(entry.bankCode);
  const [amountText, setAmountText] = useState('');
  const minimum = qrMinimum(entry, env.fpMinDeposit);
  const amount = parseAmount(amountText);
  const allowed = canCreateQr(amount, minimum);

  function submit() {
    // Spec section 5: creation is ignored below 1, whatever the gateway's minimum.
    if (!allowed || amount < 1) return;
    create.mutate(amount);
  }

  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset>
        <legend className="mb-1 text-slate-800">{t('deposit.qr.quickAmounts')}</legend>
        <div className="grid grid-cols-3 gap-2">
          {qrQuickAmounts(entry, env.fpMinDeposit).map((quick) => (
            <button
              key={quick}
              type="button"
              aria-pressed={amount === quick}
              translate="no"
              onClick={() => setAmountText(String(quick))}
              className={`min-h-11 rounded-xl font-semibold ring-1 focus-visible:outline-3 focus-visible:outline-brand-500 ${
                amount === quick ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-brand-800 ring-slate-300'
              }`}
            >
              {formatAmount(quick)}
            </button>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('deposit.qr.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        hint={minimum > 0 ? t('deposit.qr.minimum', { amount: formatAmount(minimum) }) : t('deposit.qr.aboveZero')}
        value={amountText}
        onChange={(event) => setAmountText(event.target.value)}
      />
      <Button type="submit" block disabled={!allowed} loading={create.isPending}>
        {t('deposit.qr.create')}
      </Button>
    </form>
  );
}

/**
 * A QR gone within this of its end ran out: the server ended it a moment before the countdown showed 00:00 (an
 * answer says the seconds left rounded up, and comes a moment after the server counted them; the countdown runs
 * from the first answer, which may have come late). One gone earlier, and not cancelled, was paid.
 */
const RAN_OUT_WITHIN_MS = LIVE_QR_POLL_MS + 2_000;

/** The live QR a tab shows: which, of what amount, and the earliest end its answers implied (epoch ms). */
interface ShownQr {
  qrcodeId: string;
  amount: number;
  endsAt: number;
}

/** One gateway's tab: its live QR with the countdown, or the form that creates one. */
export function QrPanel({
  entry,
  currency,
  onQrGone,
}: {
  entry: DepositBank;
  currency: Currency;
  onQrGone: () => void;
}) {
  const qr = useQrcode(entry.bankCode);
  const live = qr.data?.hasQrcode === true;
  // The amount of the QR that ran out here, until a new one is live.
  const [expired, setExpired] = useState<number | null>(null);
  // The QR is read again while it is live (get-qrcode.ts): once it is gone (paid, cancelled, run out) the wallet
  // is read again, so the balance shows a deposit without a manual refresh. A QR the member did not cancel that
  // is gone near its end ran out, whether the countdown said 00:00 first or a re-read found it gone first: the
  // tab says it expired, with a new QR of its amount. Each answer's end (read at + seconds left) is late by the
  // time the answer took to come, so the earliest of them is kept: one slow answer does not push the end away.
  const shown = useRef<ShownQr | null>(null);
  const cancelled = useRef<string | null>(null);
  const readAt = qr.dataUpdatedAt;
  const data = qr.data;
  useEffect(() => {
    const was = shown.current;
    if (live && data) {
      const endsAt = readAt + data.expireIn * 1000;
      const earliest = was?.qrcodeId === data.qrcodeId ? Math.min(was.endsAt, endsAt) : endsAt;
      shown.current = { qrcodeId: data.qrcodeId, amount: data.amount, endsAt: earliest };
      setExpired(null);
      return;
    }
    shown.current = null;
    if (!was) return;
    onQrGone();
    if (was.qrcodeId !== cancelled.current && Date.now() >= was.endsAt - RAN_OUT_WITHIN_MS) setExpired(was.amount);
  }, [live, onQrGone, data, readAt]);
  if (qr.isPending) return <Spinner />;
  // A failed read shows no QR (silently, spec section 8); the member can still create one.
  if (qr.data?.hasQrcode && qr.data.expireIn > 0) {
    return (
      <LiveQr
        key={qr.data.qrcodeId}
        entry={entry}
        qr={qr.data}
        receivedAt={qr.dataUpdatedAt}
        currency={currency}
        onExpired={setExpired}
        onCancelled={(qrcodeId) => {
          cancelled.current = qrcodeId;
        }}
      />
    );
  }
  return (
    <div className="space-y-3">
      {expired === null ? null : <ExpiredQr entry={entry} amount={expired} currency={currency} />}
      <CreateQr entry={entry} />
    </div>
  );
}
