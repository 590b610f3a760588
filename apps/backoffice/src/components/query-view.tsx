import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import type { ReactNode } from 'react';
import { errorText } from '../lib/http.ts';

/** The parts of a TanStack query result the view reads. */
export interface ViewedQuery<Data> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Data | undefined;
  refetch: () => unknown;
}

export interface QueryViewProps<Data> {
  query: ViewedQuery<Data>;
  /** The retry button's text. */
  retry: string;
  /** Whether the answer has nothing to show; `empty` is shown then. */
  isEmpty: (data: Data) => boolean;
  empty: string;
  children: (data: Data) => ReactNode;
}

/** A query's states: a spinner while pending, the error with a retry button, the empty text, else the rows. */
export function QueryView<Data>({ query, retry, isEmpty, empty, children }: QueryViewProps<Data>) {
  if (query.isPending) return <PageSpinner />;
  if (query.isError || query.data === undefined) {
    return (
      <div role="alert" className="space-y-2 rounded-xl bg-red-50 p-4 text-red-800">
        <p>{errorText(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {retry}
        </Button>
      </div>
    );
  }
  if (isEmpty(query.data)) return <p className="rounded-xl bg-white p-6 text-center text-slate-600">{empty}</p>;
  return <>{children(query.data)}</>;
}
