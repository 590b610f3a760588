import type { ReactNode } from 'react';
import { errorText } from '../../lib/http.ts';

/** What the sandbox screen's cards share: the select's look, the card and the outcome line. */

export const SELECT_CLASS = 'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base';

export function Card({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-2xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      {children}
    </section>
  );
}

export function Outcome({ error, notice }: { error: unknown; notice: string | null }) {
  if (error) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
        {errorText(error)}
      </p>
    );
  }
  return (
    <p role="status" className={notice ? 'rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900' : 'sr-only'}>
      {notice}
    </p>
  );
}
