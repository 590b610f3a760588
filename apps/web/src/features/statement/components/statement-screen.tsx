import { PAGE_SIZE } from '@member-wallet/contract/constants';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { requestedLocale, useTranslation } from '../../../i18n/i18n.ts';
import type { Currency } from '../../../lib/format.ts';
import { statementQuery, useStatement } from '../api/get-statement.ts';
import { pageCount } from './pagination-range.ts';
import { StatementPagination } from './statement-pagination.tsx';
import { type PartyNames, StatementRow } from './statement-row.tsx';

const SlipModal = lazy(() => import('./slip-modal.tsx').then((module) => ({ default: module.SlipModal })));

/** Starts the first page as soon as the screen's chunk arrives, when it is the first page (router.tsx). */
export function prefetch(client: QueryClient): void {
  // In the language being switched to: the first page's texts may still be on their way (lib/http.ts).
  void client.prefetchQuery(statementQuery(1, requestedLocale()));
}

/** The time now, again every `everyMs`, for texts such as "3 minutes ago". */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface StatementScreenProps {
  /** The member's currency; amounts show without one when the wallet could not be read. */
  currency: Currency | undefined;
  /** The name of a slot code (its game's, when the wallet's list of games is known) or a bank code (the bank's). */
  names: PartyNames;
}

/** The member's statement, 10 rows a page (spec section 2, Statement). */
export function StatementScreen({ currency, names }: StatementScreenProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const statement = useStatement(page);
  const now = useNow(30_000);
  const heading = useRef<HTMLHeadingElement>(null);
  const [slipsOpen, setSlipsOpen] = useState(false);

  const changePage = (next: number) => {
    setPage(next);
    // The list is replaced: reading goes on from its top, not from the pager at the bottom.
    heading.current?.focus();
  };

  const title = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
        {t('statement.title')}
      </h1>
      <Button variant="secondary" onClick={() => setSlipsOpen(true)}>
        {t('slips.open')}
      </Button>
      <Suspense fallback={null}>
        {slipsOpen ? <SlipModal currency={currency} onClose={() => setSlipsOpen(false)} /> : null}
      </Suspense>
    </div>
  );
  if (statement.isPending) {
    return (
      <div className="space-y-4">
        {title}
        <PageSpinner />
      </div>
    );
  }
  if (statement.isError) {
    return (
      <div className="space-y-4">
        {title}
        <div className="space-y-3 text-center">
          <p className="text-slate-600">{t('common.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void statement.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </div>
    );
  }
  const { total, statements } = statement.data;
  return (
    <div className="space-y-4">
      {title}
      {statements.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
          {t('statement.empty')}
        </p>
      ) : (
        <ul
          aria-label={t('statement.list')}
          aria-busy={statement.isPlaceholderData || undefined}
          className={`rounded-2xl bg-white px-4 shadow-sm ring-1 ring-slate-200 ${
            statement.isPlaceholderData ? 'opacity-60' : ''
          }`}
        >
          {statements.map((item) => (
            <StatementRow key={item.id} item={item} now={now} currency={currency} names={names} />
          ))}
        </ul>
      )}
      <StatementPagination
        current={page}
        pages={pageCount(total, PAGE_SIZE.statement)}
        total={total}
        onChange={changePage}
      />
    </div>
  );
}
