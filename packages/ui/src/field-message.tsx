export function FieldMessage({ id, error, hint }: { id: string; error?: string | null; hint?: string | null }) {
  if (error) {
    return (
      <p id={id} role="alert" className="mt-1 text-sm text-red-700">
        {error}
      </p>
    );
  }
  if (hint) {
    return (
      <p id={id} className="mt-1 text-sm text-slate-500">
        {hint}
      </p>
    );
  }
  return null;
}

export const INPUT_CLASS =
  'block min-h-11 w-full rounded-xl border bg-white px-3 py-2 text-base text-slate-900 shadow-sm outline-none transition-colors placeholder:text-slate-400 focus:border-brand-600 focus:ring-3 focus:ring-brand-200 read-only:bg-slate-100 read-only:text-slate-600 aria-invalid:border-red-600 aria-invalid:ring-red-100';
