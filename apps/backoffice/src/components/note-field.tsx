import { INPUT_CLASS } from '@member-wallet/ui/field-message';
import { useId } from 'react';

/** The longest note an operator may add to a decision (the server's bound). */
export const NOTE_MAX = 200;

/** An optional one-line note in a decision dialog. */
export function NoteField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (note: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="mt-4 mb-1 block text-slate-800">
        {label}
      </label>
      <input
        id={id}
        value={value}
        maxLength={NOTE_MAX}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT_CLASS} border-slate-300`}
      />
    </>
  );
}
