import type { BackofficeQrCode } from '@member-wallet/contract/backoffice/deposits';
import { LAOS_CURRENCIES } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useId, useState } from 'react';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { amountToMinor } from './amount.ts';
import { useAwaitingQrCodes } from './api/get-awaiting-qr-codes.ts';
import { useSandboxStatus } from './api/get-sandbox-status.ts';
import { useInjectTransfer } from './api/inject-transfer.ts';
import { usePayQr } from './api/pay-qr.ts';
import { FaultsCard } from './faults-card.tsx';
import { Card, Outcome, SELECT_CLASS } from './sandbox-parts.tsx';

/**
 * SANDBOX ONLY (docs/backoffice/sandbox.md, Sandbox controls): pay a member's QR, inject a bank transfer, set the sandbox
 * parties' faults. Shown only when the server says sandbox mode is on.
 */
export function SandboxScreen() {
  const { t } = useTranslation();
  const status = useSandboxStatus();
  if (status.isPending) return <PageSpinner />;
  if (!status.data?.sandbox) {
    return (
      <p role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-900">
        {status.error ? errorText(status.error) : t('errors.NO_DATA')}
      </p>
    );
  }
  return (
    <section aria-labelledby="sandbox-title" className="space-y-4">
      <p
        role="note"
        className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-100 px-4 py-3 font-bold tracking-wide text-amber-950"
      >
        {t('sandbox.banner')}
      </p>
      <h1 id="sandbox-title" className="text-2xl font-semibold text-slate-900">
        {t('sandbox.title')}
      </h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <PayQrCard />
        <TransferCard />
      </div>
      <FaultsCard />
    </section>
  );
}

function PayQrCard() {
  const { t } = useTranslation();
  const awaiting = useAwaitingQrCodes();
  // Here, not in the row: a paid QR leaves the list of awaiting ones, and its row with it.
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Card title={t('sandbox.payTitle')} hint={t('sandbox.payHint')}>
      <Outcome error={null} notice={notice} />
      {awaiting.isPending ? (
        <PageSpinner />
      ) : awaiting.isError ? (
        <Outcome error={awaiting.error} notice={null} />
      ) : awaiting.data.qrCodes.length === 0 ? (
        <p className="text-slate-600">{t('sandbox.noAwaiting')}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {awaiting.data.qrCodes.map((qr) => (
            <PayQrRow key={qr.id} qr={qr} onPaid={setNotice} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function PayQrRow({ qr, onPaid }: { qr: BackofficeQrCode; onPaid: (notice: string) => void }) {
  const { t } = useTranslation();
  const pay = usePayQr();
  const [other, setOther] = useState('');
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountMinor = other.trim() ? amountToMinor(other) : undefined;
    if (amountMinor === null) {
      setInvalid(true);
      return;
    }
    pay.mutate(
      { id: qr.id, amountMinor },
      { onSuccess: (answer) => onPaid(t('sandbox.paid', { amount: formatMinor(answer.amountMinor, qr.currency) })) },
    );
  }

  const refusedAsPaid = pay.error instanceof ApiError && pay.error.code === 'QR_ALREADY_PAID';
  return (
    <li data-testid="awaiting-qr" className="space-y-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {qr.gateway} · {formatMinor(qr.amountMinor, qr.currency)}
        </p>
        <p className="text-sm text-slate-600">
          {qr.member ? `${qr.member.name} ${qr.member.phone}` : ''} ·{' '}
          {t('deposits.expiresAt', { time: formatDateTime(qr.expiresAt) })}
        </p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
        <TextField
          className="min-w-40 flex-1"
          label={t('sandbox.payOther')}
          name="amount"
          inputMode="decimal"
          value={other}
          error={invalid ? t('sandbox.invalid') : null}
          onChange={(event) => {
            setOther(event.target.value);
            setInvalid(false);
          }}
        />
        <Button type="submit" className="mt-7" loading={pay.isPending} aria-label={`${t('sandbox.pay')} ${qr.id}`}>
          {t('sandbox.pay')}
        </Button>
      </form>
      {refusedAsPaid ? (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('sandbox.alreadyPaid')}
        </p>
      ) : pay.error ? (
        <Outcome error={pay.error} notice={null} />
      ) : null}
    </li>
  );
}

function TransferCard() {
  const { t } = useTranslation();
  const inject = useInjectTransfer();
  const [form, setForm] = useState({
    operatorAccountNo: '9990001234',
    senderBankCode: 'KBANK',
    senderAccountNo: '',
    amount: '',
    currency: 'BAHT',
  });
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const currencyId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const amountMinor = amountToMinor(form.amount);
    const next = {
      operatorAccountNo: !/^[0-9-]{1,40}$/.test(form.operatorAccountNo.trim()),
      senderBankCode: !/^[A-Z0-9_]{1,20}$/.test(form.senderBankCode.trim()),
      senderAccountNo: !/^[0-9-]{1,40}$/.test(form.senderAccountNo.trim()),
      amount: amountMinor === null,
    };
    setInvalid(next);
    if (Object.values(next).some(Boolean) || amountMinor === null) return;
    setNotice(null);
    inject.mutate(
      {
        operatorAccountNo: form.operatorAccountNo.trim(),
        senderBankCode: form.senderBankCode.trim(),
        senderAccountNo: form.senderAccountNo.trim(),
        amountMinor,
        currency: form.currency,
      },
      { onSuccess: (answer) => setNotice(t('sandbox.injected', { reference: answer.reference })) },
    );
  }

  const field = (name: keyof typeof form, label: TranslationKey, extra: Record<string, unknown> = {}) => (
    <TextField
      label={t(label)}
      name={name}
      value={form[name]}
      error={invalid[name] ? t('sandbox.invalid') : null}
      onChange={(event) => {
        setForm({ ...form, [name]: name === 'senderBankCode' ? event.target.value.toUpperCase() : event.target.value });
        setInvalid({ ...invalid, [name]: false });
      }}
      {...extra}
    />
  );

  return (
    <Card title={t('sandbox.transferTitle')} hint={t('sandbox.transferHint')}>
      <form noValidate onSubmit={submit} className="grid gap-2 sm:grid-cols-2">
        {field('operatorAccountNo', 'sandbox.operatorAccount', { inputMode: 'numeric' })}
        {field('senderBankCode', 'sandbox.senderBank')}
        {field('senderAccountNo', 'sandbox.senderAccount', { inputMode: 'numeric' })}
        {field('amount', 'sandbox.amount', { inputMode: 'decimal' })}
        <div>
          <label htmlFor={currencyId} className="mb-1 block text-slate-800">
            {t('sandbox.currency')}
          </label>
          <select
            id={currencyId}
            value={form.currency}
            onChange={(event) => setForm({ ...form, currency: event.target.value })}
            className={SELECT_CLASS}
          >
            {LAOS_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <Button type="submit" block loading={inject.isPending}>
            {t('sandbox.inject')}
          </Button>
        </div>
      </form>
      <Outcome error={inject.error} notice={notice} />
    </Card>
  );
}
