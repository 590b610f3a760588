import type { BackofficeQrCode } from '@member-wallet/contract/backoffice/deposits';
import {
  SANDBOX_FAULT_KINDS,
  SANDBOX_GAME_FAULT_OPERATIONS,
  type SandboxFaultsResponse,
  type SandboxParty,
} from '@member-wallet/contract/backoffice/sandbox';
import { LAOS_CURRENCIES } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { amountToMinor } from './amount.ts';
import { useAwaitingQrCodes } from './api/get-awaiting-qr-codes.ts';
import { useSandboxFaults } from './api/get-faults.ts';
import { useSandboxStatus } from './api/get-sandbox-status.ts';
import { useInjectTransfer } from './api/inject-transfer.ts';
import { usePayQr } from './api/pay-qr.ts';
import { useSetFaults } from './api/set-faults.ts';

const SELECT_CLASS = 'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base';

function Card({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {children}
    </section>
  );
}

function Outcome({ error, notice }: { error: unknown; notice: string | null }) {
  if (error) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
        {errorText(error)}
      </p>
    );
  }
  return (
    <p role="status" className={notice ? 'rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900' : 'sr-only'}>
      {notice}
    </p>
  );
}

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

/** One setting of a party's form: a choice of fault kinds, a number, a switch, or the calls it hits. */
type FieldSpec =
  | { name: string; label: TranslationKey; kind: 'select'; options: readonly string[] }
  | { name: string; label: TranslationKey; kind: 'number'; step?: string }
  | { name: string; label: TranslationKey; kind: 'checkbox' }
  | { name: string; label: TranslationKey; kind: 'operations' };

const rate = (name: string, label: TranslationKey): FieldSpec => ({ name, label, kind: 'number', step: '0.01' });
const latency: FieldSpec = { name: 'latencyMs', label: 'sandbox.latency', kind: 'number' };

const FIELDS: Record<SandboxParty, readonly FieldSpec[]> = {
  games: [
    latency,
    rate('errorRate', 'sandbox.errorRate'),
    rate('timeoutRate', 'sandbox.timeoutRate'),
    rate('appliedThenTimeoutRate', 'sandbox.appliedThenTimeoutRate'),
    { name: 'lateApplyMs', label: 'sandbox.lateApplyMs', kind: 'number' },
    { name: 'operations', label: 'sandbox.operations', kind: 'operations' },
  ],
  payout: [
    { name: 'fault', label: 'sandbox.fault', kind: 'select', options: SANDBOX_FAULT_KINDS.payout },
    { name: 'delayMs', label: 'sandbox.delayMs', kind: 'number' },
    rate('failRate', 'sandbox.failRate'),
    { name: 'webhooks', label: 'sandbox.webhooks', kind: 'checkbox' },
  ],
  payments: [{ name: 'fault', label: 'sandbox.fault', kind: 'select', options: SANDBOX_FAULT_KINDS.payments }, latency],
  voucher: [{ name: 'fault', label: 'sandbox.fault', kind: 'select', options: SANDBOX_FAULT_KINDS.voucher }],
  slipVerifier: [
    { name: 'fault', label: 'sandbox.fault', kind: 'select', options: SANDBOX_FAULT_KINDS.slipVerifier },
    latency,
  ],
  bankFeed: [{ name: 'fault', label: 'sandbox.fault', kind: 'select', options: SANDBOX_FAULT_KINDS.bankFeed }],
};

function FaultsCard() {
  const { t } = useTranslation();
  const faults = useSandboxFaults();
  if (faults.isPending) return <PageSpinner />;
  if (faults.isError) return <Outcome error={faults.error} notice={null} />;
  const data: SandboxFaultsResponse = faults.data;
  const forms: { key: string; party: SandboxParty; title: string; values: Record<string, unknown> | null }[] = [
    { key: 'games', party: 'games', title: t('sandbox.parties.games'), values: data.games },
    { key: 'payout', party: 'payout', title: t('sandbox.parties.payout'), values: data.payout },
    ...data.payments.map((gateway) => ({
      key: `payments-${gateway.gateway}`,
      party: 'payments' as const,
      title: t('sandbox.parties.payments', { gateway: gateway.gateway }),
      values: gateway,
    })),
    { key: 'voucher', party: 'voucher', title: t('sandbox.parties.voucher'), values: data.voucher },
    { key: 'slipVerifier', party: 'slipVerifier', title: t('sandbox.parties.slipVerifier'), values: data.slipVerifier },
    { key: 'bankFeed', party: 'bankFeed', title: t('sandbox.parties.bankFeed'), values: data.bankFeed },
  ];
  return (
    <Card title={t('sandbox.faultsTitle')}>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {forms.map((form) =>
          form.values ? (
            <PartyForm key={form.key} party={form.party} title={form.title} initial={form.values} />
          ) : (
            <div key={form.key} className="rounded-xl border border-slate-200 p-3">
              <h3 className="font-semibold text-slate-900">{form.title}</h3>
              <p className="text-sm text-slate-600">{t('sandbox.notMounted')}</p>
            </div>
          ),
        )}
      </div>
    </Card>
  );
}

function PartyForm({
  party,
  title,
  initial,
}: {
  party: SandboxParty;
  title: string;
  initial: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const save = useSetFaults();
  const [values, setValues] = useState<Record<string, unknown>>(initial);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = { ...values };
    for (const spec of FIELDS[party]) {
      if (spec.kind !== 'number') continue;
      const number = Number(String(values[spec.name]).trim());
      if (String(values[spec.name]).trim() === '' || !Number.isFinite(number)) {
        setInvalid(spec.name);
        return;
      }
      body[spec.name] = number;
    }
    setInvalid(null);
    setNotice(null);
    save.mutate({ party, body }, { onSuccess: () => setNotice(t('sandbox.saved')) });
  }

  const set = (name: string, value: unknown) => {
    setValues({ ...values, [name]: value });
    setNotice(null);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={title}
      data-testid={`faults-${party}`}
      className="space-y-2 rounded-xl border border-slate-200 p-3"
    >
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {FIELDS[party].map((spec) => (
        <FaultField
          key={spec.name}
          spec={spec}
          value={values[spec.name]}
          invalid={invalid === spec.name}
          onChange={(value) => set(spec.name, value)}
        />
      ))}
      <Button type="submit" loading={save.isPending}>
        {t('sandbox.save')}
      </Button>
      <Outcome error={save.error} notice={notice} />
    </form>
  );
}

function FaultField({
  spec,
  value,
  invalid,
  onChange,
}: {
  spec: FieldSpec;
  value: unknown;
  invalid: boolean;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  switch (spec.kind) {
    case 'select':
      return (
        <div>
          <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
            {t(spec.label)}
          </label>
          <select
            id={id}
            value={String(value)}
            onChange={(event) => onChange(event.target.value)}
            className={SELECT_CLASS}
          >
            {spec.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      );
    case 'number':
      return (
        <TextField
          label={t(spec.label)}
          name={spec.name}
          inputMode="decimal"
          value={String(value ?? '')}
          error={invalid ? t('sandbox.invalid') : null}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'checkbox':
      return (
        <label className="flex min-h-11 items-center gap-2 text-slate-800">
          <input
            type="checkbox"
            className="size-5"
            checked={Boolean(value)}
            onChange={(event) => onChange(event.target.checked)}
          />
          {t(spec.label)}
        </label>
      );
    case 'operations':
      return <OperationsField label={t(spec.label)} value={value} onChange={onChange} />;
  }
}

/** The game provider calls a fault hits, as checkboxes. */
function OperationsField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <fieldset>
      <legend className="mb-1 text-sm text-slate-700">{label}</legend>
      <div className="flex flex-wrap gap-x-3">
        {SANDBOX_GAME_FAULT_OPERATIONS.map((operation) => (
          <label key={operation} className="flex min-h-11 items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.includes(operation)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, operation] : chosen.filter((item) => item !== operation))
              }
            />
            {operation}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
