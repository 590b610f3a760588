import {
  SANDBOX_FAULT_KINDS,
  SANDBOX_GAME_FAULT_OPERATIONS,
  type SandboxFaultsResponse,
  type SandboxParty,
} from '@member-wallet/contract/backoffice/sandbox';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, useId, useState } from 'react';
import { type TranslationKey, useTranslation } from '../../i18n/i18n.ts';
import { useSandboxFaults } from './api/get-faults.ts';
import { useSetFaults } from './api/set-faults.ts';
import { Card, Outcome, SELECT_CLASS } from './sandbox-parts.tsx';

/** The sandbox parties' faults (docs/backoffice/sandbox.md): each party's latency, errors and time-outs. */

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

export function FaultsCard() {
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
