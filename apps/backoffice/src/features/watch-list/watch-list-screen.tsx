import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import { WATCH_STATES, type WatchItem } from '@member-wallet/contract/backoffice/safer-play';
import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect, useFilterParam } from '../../components/filter-select.tsx';
import { Notice } from '../../components/notice.tsx';
import { Pager, pageCount } from '../../components/pager.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { PAGE_SIZE } from '../../lib/paged-query.ts';
import { useCloseWatchItem } from './api/close-watch-item.ts';
import { useWatchList } from './api/get-watch-list.ts';
import { isWatchRule, watchFigures } from './watch-list-text.ts';

/** The roles the server lets close an item; finance reads the list only. */
export const WATCH_CLOSE_ROLES: readonly OperatorRole[] = ['admin', 'support'];

/**
 * The watch list (issue 23, Operator side): members the watch rules raised, open ones first, 20 a page; admin and
 * support close an item with a note (audited), finance reads.
 */
export function WatchListScreen({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const { filter, page, show } = useFilterParam('state', WATCH_STATES, 'open');
  const list = useWatchList(filter, page);
  const [closing, setClosing] = useState<WatchItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const canClose = WATCH_CLOSE_ROLES.includes(role);
  const total = list.data?.total ?? 0;
  const pages = pageCount(total, PAGE_SIZE);
  return (
    <section aria-labelledby="watch-list-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="watch-list-title" className="text-2xl font-semibold text-slate-900">
            {t('watchList.title')}
          </h1>
          <p className="text-sm text-slate-600">{canClose ? t('watchList.intro') : t('watchList.readOnly')}</p>
        </div>
        <FilterSelect
          label={t('watchList.filter')}
          value={filter}
          options={WATCH_STATES}
          optionLabel={(option) => t(`watchList.state.${option}`)}
          onChange={(option) => show({ filter: option })}
        />
      </div>
      <Notice text={notice} />
      <QueryView
        query={list}
        retry={t('common.retry')}
        isEmpty={(data) => data.items.length === 0}
        empty={t('watchList.empty')}
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm">
            {data.items.map((item) => (
              <WatchRow key={item.id} item={item} onClose={canClose ? () => setClosing(item) : null} />
            ))}
          </ul>
        )}
      </QueryView>
      {list.data && total > 0 ? (
        <Pager
          label={t('watchList.title')}
          summary={`${t('list.total', { count: total })} · ${t('list.pageOf', { page, pages })}`}
          page={page}
          pages={pages}
          previous={t('list.previous')}
          next={t('list.next')}
          onPage={(next) => show({ page: next })}
        />
      ) : null}
      {closing ? (
        <CloseDialog
          item={closing}
          onClose={() => setClosing(null)}
          onDone={(text) => {
            setClosing(null);
            setNotice(text);
          }}
        />
      ) : null}
    </section>
  );
}

function WatchRow({ item, onClose }: { item: WatchItem; onClose: (() => void) | null }) {
  const { t } = useTranslation();
  const figures = watchFigures(item, t);
  return (
    <li
      data-testid="watch-row"
      className="grid grid-cols-1 gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-[1fr_1.6fr] lg:grid-cols-[1fr_2fr_auto] lg:items-start"
    >
      <div className="min-w-0 text-sm">
        <Link to={`/members/${encodeURIComponent(item.member.id)}`} className="font-semibold text-brand-800 underline">
          {item.member.name}
        </Link>
        <p className="text-slate-600">{item.member.phone}</p>
        <p className="text-slate-600 tabular-nums">
          {t('watchList.raisedAt', { time: formatDateTime(item.raisedAt) })}
        </p>
      </div>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-slate-900">
          {isWatchRule(item.rule) ? t(`watchList.rule.${item.rule}`) : item.rule}
        </p>
        {isWatchRule(item.rule) ? <p className="text-slate-700">{t(`watchList.ruleHelp.${item.rule}`)}</p> : null}
        {figures ? <p className="text-slate-600 tabular-nums">{figures}</p> : null}
      </div>
      <div className="text-sm sm:col-span-2 lg:col-span-1 lg:w-56">
        {item.state === 'closed' ? (
          <>
            <span className="inline-block rounded-full bg-emerald-100 px-2 font-semibold text-emerald-900">
              {t('watchList.state.closed')}
            </span>
            <p className="text-slate-600">
              {t('watchList.closedBy', {
                operator: item.closedBy ?? '—',
                time: item.closedAt ? formatDateTime(item.closedAt) : '—',
              })}
            </p>
            {item.note ? (
              <p className="break-words text-slate-700">{t('watchList.note', { note: item.note })}</p>
            ) : null}
          </>
        ) : onClose ? (
          <Button className="w-full" onClick={onClose} aria-label={`${t('watchList.close')} ${item.member.name}`}>
            {t('watchList.close')}
          </Button>
        ) : (
          <span className="inline-block rounded-full bg-amber-100 px-2 font-semibold text-amber-900">
            {t('watchList.state.open')}
          </span>
        )}
      </div>
    </li>
  );
}

function CloseDialog({
  item,
  onClose,
  onDone,
}: {
  item: WatchItem;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation();
  const close = useCloseWatchItem();
  return (
    <ReasonDialog
      title={t('watchList.closeTitle')}
      body={t('watchList.closeBody', {
        member: item.member.name,
        rule: isWatchRule(item.rule) ? t(`watchList.rule.${item.rule}`) : item.rule,
      })}
      label={t('watchList.noteLabel')}
      hint={t('watchList.noteHint')}
      invalid={t('watchList.noteInvalid')}
      error={close.error ? errorText(close.error) : null}
      cancel={t('common.cancel')}
      submit={t('watchList.close')}
      busy={close.isPending}
      onClose={onClose}
      onSubmit={(note) =>
        close.mutate(
          { id: item.id, note },
          { onSuccess: (answer) => onDone(answer.changed ? t('watchList.closed') : t('watchList.alreadyClosed')) },
        )
      }
    />
  );
}
