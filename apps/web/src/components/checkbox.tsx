import type { InputHTMLAttributes } from 'react';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name'> {
  label: string;
  name: string;
}

export function Checkbox({ label, name, className = '', ...rest }: CheckboxProps) {
  return (
    <label className={`inline-flex min-h-11 cursor-pointer items-center gap-3 text-slate-800 ${className}`}>
      <input type="checkbox" name={name} className="size-5 rounded accent-brand-700" {...rest} />
      <span>{label}</span>
    </label>
  );
}
