import { FieldMessage, INPUT_CLASS } from '@member-wallet/ui/field-message';
import { type SelectHTMLAttributes, useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
  /** The label is data (a server-provided name), not catalogue text: exempt from the pseudo-locale check. */
  labelIsData?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> {
  label: string;
  name: string;
  options: readonly SelectOption[];
  placeholder?: string;
  error?: string | null;
  hint?: string | null;
}

export function Select({ label, name, options, placeholder, error, hint, className = '', ...rest }: SelectProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? messageId : undefined}
        className={`${INPUT_CLASS} appearance-auto ${error ? 'border-red-600' : 'border-slate-300'}`}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} data-i18n-exempt={option.labelIsData ? '' : undefined}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
