import { CHAT_BUTTON_TYPES, type ChatButtonType, type OperatorMessage } from '@member-wallet/contract/chat';
import { CHAT_LIMITS } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { TextField } from '@member-wallet/ui/text-field';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { SelectField, TextArea } from '../../components/form-parts.tsx';
import { type TFunction, useTranslation } from '../../i18n/i18n.ts';
import { safeLink } from './message-body.tsx';

/** The contract's sizes (chat.ts): a title, a payload, and how many buttons and quick replies a message holds. */
export const TITLE_MAX = 80;
const PAYLOAD_MAX = 1000;
export const BUTTONS_MAX = 10;
const QUICK_REPLIES_MAX = 13;

export interface Row {
  type: ChatButtonType;
  title: string;
  payload: string;
}

export const EMPTY_ROW: Row = { type: 'postback', title: '', payload: '' };

/** What is wrong with a row, or null: a title of 1 to 80, a payload of at most 1000, a link http(s), a number. */
function rowProblem(row: Row, withType: boolean, t: TFunction): string | null {
  const title = row.title.trim();
  if (title === '' || title.length > TITLE_MAX) return t('chat.builder.titleInvalid', { max: TITLE_MAX });
  if (row.payload.length > PAYLOAD_MAX) return t('chat.builder.payloadTooLong', { max: PAYLOAD_MAX });
  if (withType && row.type === 'web' && !safeLink(row.payload.trim())) return t('chat.builder.linkInvalid');
  if (withType && row.type === 'call' && !/^\+?[0-9 -]{3,20}$/.test(row.payload.trim())) {
    return t('chat.builder.phoneInvalid');
  }
  return null;
}

/** The first problem of the rows, numbered as the operator sees them. */
export function rowsProblem(rows: readonly Row[], withType: boolean, t: TFunction): string | null {
  for (const [index, row] of rows.entries()) {
    const problem = rowProblem(row, withType, t);
    if (problem) return `${index + 1}: ${problem}`;
  }
  return null;
}

/**
 * Editable rows of buttons or quick replies, `min` to `max` of them. `prefix` starts each label, so that rows of
 * several cards keep names of their own.
 */
export function RowsEditor({
  rows,
  max,
  min = 1,
  withType,
  prefix = '',
  onChange,
}: {
  rows: Row[];
  max: number;
  min?: number;
  withType: boolean;
  prefix?: string;
  onChange: (rows: Row[]) => void;
}) {
  const { t } = useTranslation();
  const change = (index: number, part: Partial<Row>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...part } : row)));
  return (
    <div className="space-y-2">
      {rows.map((row, index) => (
        // Rows are edited in place and removed by position; they have no identity beyond it.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <fieldset key={index} className="grid gap-2 rounded-xl border border-slate-200 p-2 sm:grid-cols-3">
          <legend className="px-1 text-sm font-semibold text-slate-700">
            {`${prefix}${t('chat.builder.row', { n: index + 1 })}`}
          </legend>
          {withType ? (
            <SelectField
              label={`${prefix}${t('chat.builder.type', { n: index + 1 })}`}
              value={row.type}
              options={CHAT_BUTTON_TYPES.map((type) => ({ value: type, label: t(`chat.buttonType.${type}`) }))}
              onChange={(event) => change(index, { type: event.target.value as ChatButtonType })}
            />
          ) : null}
          <TextField
            name={`title-${index}`}
            label={`${prefix}${t('chat.builder.title', { n: index + 1 })}`}
            value={row.title}
            onChange={(event) => change(index, { title: event.target.value })}
          />
          <TextField
            name={`payload-${index}`}
            label={`${prefix}${t('chat.builder.payload', { n: index + 1 })}`}
            value={row.payload}
            onChange={(event) => change(index, { payload: event.target.value })}
          />
          {rows.length > min ? (
            <Button variant="ghost" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
              {`${prefix}${t('chat.builder.remove', { n: index + 1 })}`}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {rows.length < max ? (
        <Button variant="secondary" onClick={() => onChange([...rows, EMPTY_ROW])}>
          {`${prefix}${t('chat.builder.add')}`}
        </Button>
      ) : null}
    </div>
  );
}

export function BuilderForm({
  onSubmit,
  error,
  children,
}: {
  onSubmit: () => void;
  error: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      {children}
      <ErrorAlert error={error} />
      <Button type="submit">{t('chat.send')}</Button>
    </form>
  );
}

/** A message with 1 to 10 buttons, each a link, a phone number, a postback or a plain title. */
export function ButtonsBuilder({ onSend }: { onSend: (message: OperatorMessage) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [rows, setRows] = useState<Row[]>([EMPTY_ROW]);
  const [error, setError] = useState<string | null>(null);
  function submit() {
    const problem =
      text.trim().length > CHAT_LIMITS.textMaxLength
        ? t('chat.textTooLong', { max: CHAT_LIMITS.textMaxLength })
        : rowsProblem(rows, true, t);
    setError(problem);
    if (problem) return;
    const buttons = rows.map((row) => ({ type: row.type, title: row.title.trim(), payload: row.payload.trim() }));
    onSend({ message_type: 'buttons', payload: { message: text.trim() || undefined, buttons } });
    setText('');
    setRows([EMPTY_ROW]);
  }
  return (
    <BuilderForm onSubmit={submit} error={error}>
      <TextArea label={t('chat.builder.message')} value={text} onChange={setText} rows={2} />
      <RowsEditor rows={rows} max={BUTTONS_MAX} withType onChange={setRows} />
    </BuilderForm>
  );
}

/** A message with 1 to 13 quick replies; the customer's choice comes back as a postback. */
export function QuickRepliesBuilder({ onSend }: { onSend: (message: OperatorMessage) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [rows, setRows] = useState<Row[]>([EMPTY_ROW]);
  const [error, setError] = useState<string | null>(null);
  function submit() {
    const textError = text.trim() === '' ? t('chat.textBlank') : null;
    const tooLong = text.trim().length > CHAT_LIMITS.textMaxLength;
    const problem =
      textError ?? (tooLong ? t('chat.textTooLong', { max: CHAT_LIMITS.textMaxLength }) : rowsProblem(rows, false, t));
    setError(problem);
    if (problem) return;
    const replies = rows.map((row) => ({ title: row.title.trim(), payload: row.payload.trim() }));
    onSend({ message_type: 'quick_replies', payload: { message: text.trim(), quick_replies: replies } });
    setText('');
    setRows([EMPTY_ROW]);
  }
  return (
    <BuilderForm onSubmit={submit} error={error}>
      <TextArea label={t('chat.builder.message')} value={text} onChange={setText} rows={2} />
      <RowsEditor rows={rows} max={QUICK_REPLIES_MAX} withType={false} onChange={setRows} />
    </BuilderForm>
  );
}
