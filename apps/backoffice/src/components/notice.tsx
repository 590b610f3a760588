/** The outcome of the last action, read out politely; an empty live region until there is one. */
export function Notice({ text }: { text: string | null }) {
  return (
    <p role="status" className={text ? 'rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900' : 'sr-only'}>
      {text}
    </p>
  );
}
