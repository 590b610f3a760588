import type { BackofficeBlock, MemberSaferPlayResponse } from '@member-wallet/contract/backoffice/safer-play';
import { Button } from '@member-wallet/ui/button';
import { Spinner } from '@member-wallet/ui/spinner';
import { useId, useState } from 'react';
import { Pager, pageCount } from '../../components/pager.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { HISTORY_PAGE_SIZE, useMemberSaferPlay } from './api/get-safer-play.ts';
import { eventText, limitAmountText, pendingText } from './safer-play-text.ts';

/**
 * A member's safer play (issue 23, Operator side), read-only for every role: the limits in force and waiting,
 * the reality check, the time-out or self-exclusion keeping the account closed, and the history, newest first.
 * Nothing here changes them: no operator may raise a limit or lift a block.
 */
export function SaferPlayPanel({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const query = useMemberSaferPlay(memberId, page);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="safer-play"
      className="space-y-3 rounded-2xl bg-white p-4 shadow-sm"
    >
      <div>
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {t('saferPlay.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('saferPlay.readOnly')}</p>
      </div>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <div role="alert" className="space-y-2 text-red-800">
          <p>{errorText(query.error)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {query.data ? <SaferPlayBody data={query.data} page={page} onPage={setPage} /> : null}
    </section>
  );
}

function SaferPlayBody({
  data,
  page,
  onPage,
}: {
  data: MemberSaferPlayResponse;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const { currency } = data;
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-2">
        <div>
          <h3 className="mb-1 font-semibold text-slate-800">{t('saferPlay.limits')}</h3>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-slate-600">
                <th scope="col" className="py-1 font-normal">
                  {t('saferPlay.limit')}
                </th>
                <th scope="col" className="py-1 font-normal">
                  {t('saferPlay.inForce')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.limits.map((limit) => {
                const pending = pendingText(limit, currency, t);
                return (
                  <tr key={`${limit.kind}-${limit.period}`} data-testid="safer-play-limit">
                    <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-700">
                      {t(`saferPlay.kind.${limit.kind}`)} · {t(`saferPlay.period.${limit.period}`)}
                    </th>
                    <td className="py-1 tabular-nums">
                      <span className={limit.amountMinor === null ? 'text-slate-500' : 'font-semibold text-slate-900'}>
                        {limitAmountText(limit.amountMinor, currency, t)}
                      </span>
                      {pending ? <span className="block text-amber-800">{pending}</span> : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="space-y-3">
          <div>
            <h3 className="font-semibold text-slate-800">{t('saferPlay.realityCheck')}</h3>
            <p className="text-slate-900">
              {data.realityCheckMinutes === null
                ? t('saferPlay.realityCheckOff')
                : t('saferPlay.realityCheckEvery', { minutes: data.realityCheckMinutes })}
            </p>
          </div>
          <div>
            <h3 className="font-semibold text-slate-800">{t('saferPlay.block')}</h3>
            <Block block={data.block} />
          </div>
        </div>
      </div>
      <div>
        <h3 className="mb-1 font-semibold text-slate-800">{t('saferPlay.history')}</h3>
        {data.history.events.length === 0 ? (
          <p className="text-slate-600">{t('saferPlay.historyNone')}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {data.history.events.map((event) => (
              <li key={event.id} data-testid="safer-play-event" className="py-2 text-sm">
                <span className="font-semibold text-slate-900">{eventText(event, currency, t)}</span>
                <span className="block text-slate-600 tabular-nums">{formatDateTime(event.at)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {data.history.total > HISTORY_PAGE_SIZE ? (
        <Pager
          label={t('saferPlay.history')}
          summary={t('saferPlay.historyPage', { page, pages: pageCount(data.history.total, HISTORY_PAGE_SIZE) })}
          page={page}
          pages={pageCount(data.history.total, HISTORY_PAGE_SIZE)}
          previous={t('list.previous')}
          next={t('list.next')}
          onPage={onPage}
        />
      ) : null}
    </>
  );
}

function Block({ block }: { block: BackofficeBlock | null }) {
  const { t } = useTranslation();
  if (!block) return <p className="text-slate-900">{t('saferPlay.blockNone')}</p>;
  return (
    <div data-testid="safer-play-block" className="space-y-0.5 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      <p className="text-base font-semibold">{t(`saferPlay.blockKind.${block.kind}`)}</p>
      <p>{t('saferPlay.blockStarted', { time: formatDateTime(block.startedAt) })}</p>
      <p>
        {block.endsAt
          ? t(block.ended ? 'saferPlay.blockEnded' : 'saferPlay.blockEnds', { time: formatDateTime(block.endsAt) })
          : t('saferPlay.blockPermanent')}
      </p>
      {block.reopenRequestedAt ? (
        <p>
          {t('saferPlay.reopenAsked', {
            time: formatDateTime(block.reopenRequestedAt),
            reopens: block.reopensAt ? formatDateTime(block.reopensAt) : '—',
          })}
        </p>
      ) : (
        <p>{t('saferPlay.reopenNotAsked')}</p>
      )}
    </div>
  );
}
