import { type ReactNode, useId } from 'react';

/** A part of a member's page: a titled card, named by its heading. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
