import { Button } from '@member-wallet/ui/button';
import type { ReactNode } from 'react';
import { Dialog } from './dialog.tsx';
import { ErrorAlert } from './error-alert.tsx';

export interface ConfirmDialogProps {
  title: string;
  /** What confirming does, in a sentence. */
  body: ReactNode;
  /** Fields between the text and the error, if the action takes any. */
  children?: ReactNode;
  /** The action's error text, if it failed. */
  error: string | null;
  cancel: string;
  confirm: string;
  confirmVariant?: 'primary' | 'danger';
  busy: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A dialog that asks before an action: its text, the action's error, cancel and confirm. */
export function ConfirmDialog({
  title,
  body,
  children,
  error,
  cancel,
  confirm,
  confirmVariant,
  busy,
  disabled,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="text-slate-700">{body}</p>
      {children}
      <ErrorAlert className="mt-3" error={error} />
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {cancel}
        </Button>
        <Button variant={confirmVariant} disabled={disabled} loading={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </Dialog>
  );
}
