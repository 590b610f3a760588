import { Button } from '@member-wallet/ui/button';
import { FieldMessage, INPUT_CLASS } from '@member-wallet/ui/field-message';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Dialog } from './dialog.tsx';
import { ErrorAlert } from './error-alert.tsx';

/** The length of a reason an operator writes (rejecting, refunding, dismissing, locking): the server's bounds. */
export const REASON_MIN = 3;
export const REASON_MAX = 200;

/** Whether `text`, trimmed, is a reason of an admitted length. */
export function validReason(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= REASON_MIN && trimmed.length <= REASON_MAX;
}

export interface ReasonDialogProps {
  title: string;
  /** What submitting does, in a sentence. */
  body: ReactNode;
  /** The textarea's label, hint and the message when the reason is too short or too long. */
  label: string;
  hint: string;
  invalid: string;
  /** The action's error text, if it failed. */
  error: string | null;
  cancel: string;
  submit: string;
  busy: boolean;
  /** Called with the trimmed reason, only when its length is admitted. */
  onSubmit: (reason: string) => void;
  onClose: () => void;
  /** Fields the action needs besides the reason, shown above it. */
  children?: ReactNode;
}

/** A dialog that asks for a reason before an action; the reason is checked here before it is sent. */
export function ReasonDialog({
  title,
  body,
  label,
  hint,
  invalid: invalidText,
  error,
  cancel,
  submit: submitText,
  busy,
  onSubmit,
  onClose,
  children,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const fieldId = useId();
  const messageId = `${fieldId}-message`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!validReason(reason)) {
      setInvalid(true);
      return;
    }
    onSubmit(reason.trim());
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <p className="text-slate-700">{body}</p>
        {children}
        <label htmlFor={fieldId} className="mt-4 mb-1 block text-slate-800">
          {label}
        </label>
        <textarea
          id={fieldId}
          name="reason"
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          aria-invalid={invalid || undefined}
          aria-describedby={messageId}
          onChange={(event) => {
            setReason(event.target.value);
            setInvalid(false);
          }}
          className={`${INPUT_CLASS} ${invalid ? 'border-red-600' : 'border-slate-300'}`}
        />
        <FieldMessage id={messageId} error={invalid ? invalidText : null} hint={hint} />
        <ErrorAlert className="mt-3" error={error} />
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {cancel}
          </Button>
          <Button type="submit" variant="danger" loading={busy}>
            {submitText}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
