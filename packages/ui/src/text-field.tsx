import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { FieldMessage, INPUT_CLASS } from './field-message.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  name: string;
  error?: string | null;
  hint?: string | null;
  /** Extra content beside the label (a badge). */
  labelAside?: ReactNode;
}

export function TextField({ label, name, error, hint, labelAside, className = '', ...rest }: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hasMessage = Boolean(error || hint);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 flex items-center justify-between gap-2 text-slate-800">
        <span>{label}</span>
        {labelAside}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={hasMessage ? messageId : undefined}
        className={`${INPUT_CLASS} ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...rest}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
