import type { BackofficeMember } from '@member-wallet/contract/backoffice/members';
import { BANK_TRANSFER_FILTERS, type BackofficeBankTransfer } from '@member-wallet/contract/backoffice/suspense';
import { Button } from '@member-wallet/ui/button';
import { INPUT_CLASS } from '@member-wallet/ui/field-message';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NoteField } from '../../components/note-field.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { ReviewQueue } from '../../components/review-queue.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime, formatMinor } from '../../lib/format.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { downloadBankTransfersCsv } from './api/download-bank-transfers-csv.ts';
import { type TransferFilter, useBankTransfers } from './api/get-bank-transfers.ts';
import { useMemberSearch } from './api/search-members.ts';
import { useSettle } from './api/settle-bank-transfer.ts';

const FILTERS: readonly TransferFilter[] = [...BANK_TRANSFER_FILTERS, 'all'];

const STATE_TONE: Record<BackofficeBankTransfer['state'], string> = {
  open: 'bg-amber-100 text-amber-900',
  refunding: 'bg-sky-100 text-sky-900',
  settled: 'bg-emerald-100 text-emerald-900',
};

/** The errors of settling, in this screen's words where the shared ones speak of withdrawals. */
function settleErrorText(error: unknown, t: ReturnType<typeof useTranslation>['t']): string {
  if (error instanceof ApiError) {
    if (error.code === 'ALREADY_REVIEWED') return t('bankTransfers.errors.alreadySettled');
    if (error.code === 'NO_USER') return t('bankTransfers.errors.noMember');
    if (error.code === 'INACTIVE_USER') return t('bankTransfers.errors.memberInactive');
    if (error.code === 'NO_WALLET') return t('bankTransfers.errors.otherCurrency');
    if (error.fields?.accountNo) return t('bankTransfers.errors.refundAccount');
  }
  return errorText(error);
}

type Pending = { kind: 'assign' | 'refund'; transfer: BackofficeBankTransfer };

/**
 * Bank transfers in suspense (docs/backoffice/deposits.md): the ones no member could be matched to, open first by
 * default, 20 a page from the server; assign one to a member found by phone, name or account, or refund it to
 * the sender with a reason. CSV export of the filter.
 */
export function BankTransfersScreen() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      texts="bankTransfers"
      filter={{
        param: 'status',
        options: FILTERS,
        first: 'open',
        label: (option) => t(`bankTransfers.filters.${option}`),
      }}
      useRows={useBankTransfers}
      download={downloadBankTransfersCsv}
      isEmpty={(data) => data.transfers.length === 0}
      dialog={(pending: Pending, close, done) =>
        pending.kind === 'assign' ? (
          <AssignDialog transfer={pending.transfer} onClose={close} onDone={done} />
        ) : (
          <RefundDialog transfer={pending.transfer} onClose={close} onDone={done} />
        )
      }
    >
      {(data, open) => (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
          {data.transfers.map((transfer) => (
            <TransferRow
              key={transfer.id}
              transfer={transfer}
              onAssign={() => open({ kind: 'assign', transfer })}
              onRefund={() => open({ kind: 'refund', transfer })}
            />
          ))}
        </ul>
      )}
    </ReviewQueue>
  );
}

function TransferRow({
  transfer,
  onAssign,
  onRefund,
}: {
  transfer: BackofficeBankTransfer;
  onAssign: () => void;
  onRefund: () => void;
}) {
  const { t } = useTranslation();
  const amount = formatMinor(transfer.amountMinor, transfer.currency);
  return (
    <li
      data-testid="bank-transfer-row"
      className="grid grid-cols-2 gap-x-3 gap-y-2 px-4 py-3 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr_auto] lg:items-center"
    >
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">
          <span className="sr-only">{t('bankTransfers.sender')} </span>
          {transfer.sender.bankCode} {transfer.sender.accountNo}
        </p>
        <p className="break-all text-slate-600">{t('bankTransfers.reference', { reference: transfer.reference })}</p>
        {transfer.reason ? <p className="text-slate-600">{t(`bankTransfers.reasons.${transfer.reason}`)}</p> : null}
      </div>
      <p className="text-right font-semibold text-slate-900 tabular-nums">
        <span className="sr-only">{t('bankTransfers.amount')} </span>
        {amount}
      </p>
      <p className="text-sm text-slate-700 tabular-nums">
        <span className="sr-only">{t('bankTransfers.transferredAt')} </span>
        {formatDateTime(transfer.transferredAt)}
      </p>
      <div className="text-sm">
        <span className={`inline-block rounded-full px-2 font-semibold ${STATE_TONE[transfer.state]}`}>
          {t(`bankTransfers.states.${transfer.state}`)}
        </span>
        {transfer.heldFor ? (
          <p className="text-slate-700">
            {t('bankTransfers.heldFor', { name: transfer.heldFor.name, phone: transfer.heldFor.phone })}
          </p>
        ) : null}
        {transfer.settledAs === 'assign' && transfer.member ? (
          <p className="text-slate-700">
            {t('bankTransfers.assignedTo', { name: transfer.member.name, phone: transfer.member.phone })}
          </p>
        ) : null}
        {transfer.settledAs === 'refund' ? (
          <p className="text-slate-700">{t('bankTransfers.refundedToSender')}</p>
        ) : null}
        {transfer.settledBy ? (
          <p className="text-slate-500">{t('bankTransfers.settledBy', { operator: transfer.settledBy })}</p>
        ) : null}
        {transfer.note ? <p className="break-words text-slate-500">{transfer.note}</p> : null}
      </div>
      <div className="col-span-2 flex gap-2 lg:col-span-1 lg:w-52">
        {transfer.state === 'open' ? (
          <>
            <Button className="flex-1" onClick={onAssign} aria-label={`${t('bankTransfers.assign')} ${amount}`}>
              {t('bankTransfers.assign')}
            </Button>
            <Button
              className="flex-1"
              variant="danger"
              onClick={onRefund}
              aria-label={`${t('bankTransfers.refund')} ${amount}`}
            >
              {t('bankTransfers.refund')}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

interface DialogProps {
  transfer: BackofficeBankTransfer;
  onClose: () => void;
  onDone: (notice: string) => void;
}

function AssignDialog({ transfer, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const settle = useSettle();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<BackofficeMember | null>(null);
  const [note, setNote] = useState('');
  const members = useMemberSearch(query);
  const searchId = useId();
  const amount = formatMinor(transfer.amountMinor, transfer.currency);

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChosen(null);
    setQuery(search.trim());
  }

  return (
    <ConfirmDialog
      title={t('bankTransfers.assignTitle')}
      body={t('bankTransfers.assignBody', { amount })}
      error={settle.error ? settleErrorText(settle.error, t) : null}
      cancel={t('common.cancel')}
      confirm={chosen ? t('bankTransfers.assignTo', { name: chosen.name }) : t('bankTransfers.assign')}
      disabled={!chosen}
      busy={settle.isPending}
      onClose={onClose}
      onConfirm={() =>
        chosen &&
        settle.mutate(
          { id: transfer.id, kind: 'assign', memberId: chosen.id, note: note.trim() },
          {
            onSuccess: (answer) =>
              onDone(
                answer.changed
                  ? t('bankTransfers.assigned', { amount, name: chosen.name })
                  : t('bankTransfers.unchanged'),
              ),
          },
        )
      }
    >
      <form noValidate onSubmit={find} className="mt-4 flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor={searchId} className="mb-1 block text-slate-800">
            {t('bankTransfers.findMember')}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            maxLength={64}
            onChange={(event) => setSearch(event.target.value)}
            className={`${INPUT_CLASS} border-slate-300`}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('bankTransfers.search')}
        </Button>
      </form>
      {members.isFetching ? <p className="mt-2 text-sm text-slate-600">{t('bankTransfers.searching')}</p> : null}
      {members.data ? (
        members.data.members.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t('bankTransfers.noMembers')}</p>
        ) : (
          <fieldset className="mt-3 max-h-56 space-y-1 overflow-y-auto">
            <legend className="sr-only">{t('bankTransfers.chooseMember')}</legend>
            {members.data.members.map((member) => (
              <label
                key={member.id}
                className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 ${chosen?.id === member.id ? 'border-brand-700 bg-brand-50' : 'border-slate-200'}`}
              >
                <input
                  type="radio"
                  name="member"
                  value={member.id}
                  checked={chosen?.id === member.id}
                  onChange={() => setChosen(member)}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{member.name}</span>
                  <span className="block text-sm text-slate-600">
                    {member.phone} · {member.bank.code} {member.bank.accountNo} · {member.currency}
                    {member.status === 'inactive' ? ` · ${t('bankTransfers.inactive')}` : ''}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        )
      ) : null}
      {members.error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {errorText(members.error)}
        </p>
      ) : null}
      <NoteField label={t('bankTransfers.note')} value={note} onChange={setNote} />
    </ConfirmDialog>
  );
}

function RefundDialog({ transfer, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const settle = useSettle();
  // The bank showed the sender masked: the refund needs the whole account, from the sender (it must fit).
  const masked = !/^\d+$/.test(transfer.sender.accountNo);
  const [accountNo, setAccountNo] = useState('');
  const accountId = useId();
  return (
    <ReasonDialog
      title={t('bankTransfers.refundTitle')}
      body={t('bankTransfers.refundBody', {
        amount: formatMinor(transfer.amountMinor, transfer.currency),
        account: `${transfer.sender.bankCode} ${transfer.sender.accountNo}`,
      })}
      label={t('bankTransfers.refundReason')}
      hint={t('bankTransfers.reasonHint')}
      invalid={t('bankTransfers.reasonInvalid')}
      error={settle.error ? settleErrorText(settle.error, t) : null}
      cancel={t('common.cancel')}
      submit={t('bankTransfers.refund')}
      busy={settle.isPending}
      onClose={onClose}
      onSubmit={(reason) =>
        settle.mutate(
          { id: transfer.id, kind: 'refund', reason, ...(masked ? { accountNo: accountNo.trim() } : {}) },
          {
            onSuccess: (answer) => onDone(answer.changed ? t('bankTransfers.refunded') : t('bankTransfers.unchanged')),
          },
        )
      }
    >
      {masked ? (
        <div className="mt-4">
          <label htmlFor={accountId} className="mb-1 block text-slate-800">
            {t('bankTransfers.refundAccount')}
          </label>
          <input
            id={accountId}
            name="accountNo"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            value={accountNo}
            aria-describedby={`${accountId}-hint`}
            onChange={(event) => setAccountNo(event.target.value.replace(/\D/g, ''))}
            className={`${INPUT_CLASS} border-slate-300`}
          />
          <p id={`${accountId}-hint`} className="mt-1 text-sm text-slate-600">
            {t('bankTransfers.refundAccountHint', { shown: transfer.sender.accountNo })}
          </p>
        </div>
      ) : null}
    </ReasonDialog>
  );
}
