import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { pageFromParams } from './pager.tsx';

export interface FilterSelectProps<Option extends string> {
  label: string;
  value: Option;
  options: readonly Option[];
  /** Each option's text. */
  optionLabel: (option: Option) => string;
  onChange: (option: Option) => void;
}

/** A list's filter: a labelled select of fixed options, 44 px high. */
export function FilterSelect<Option extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
}: FilterSelectProps<Option>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Option)}
        className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A list filtered by one search parameter (`name`, one of `options`, else `fallback`) and paged by `page`:
 * both live in the address. `show` moves to another filter (back to page 1) or page.
 */
export function useFilterParam<Option extends string>(name: string, options: readonly Option[], fallback: Option) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const filter = value !== null && (options as readonly string[]).includes(value) ? (value as Option) : fallback;
  const page = pageFromParams(params);

  function show(next: { filter?: Option; page?: number }) {
    const query = new URLSearchParams();
    query.set(name, next.filter ?? filter);
    const nextPage = next.page ?? 1;
    if (nextPage > 1) query.set('page', String(nextPage));
    setParams(query);
  }

  return { filter, page, show };
}
