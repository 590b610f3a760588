/** An error line read out as it appears; nothing while there is no error. `className` adds spacing. */
export function ErrorAlert({ error, className }: { error: string | null | undefined; className?: string }) {
  if (!error) return null;
  return (
    <p
      role="alert"
      className={`${className ? `${className} ` : ''}rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800`}
    >
      {error}
    </p>
  );
}
