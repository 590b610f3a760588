import type { PendingChange } from '@member-wallet/contract/backoffice/pending-changes';
import type { BackofficeBonus } from '@member-wallet/contract/backoffice/promotions';
import { Button } from '@member-wallet/ui/button';
import { PageSpinner } from '@member-wallet/ui/spinner';
import { useState } from 'react';
import { ExportButtonWithError } from '../../components/export-button.tsx';
import { WaitingNotice } from '../../components/waiting-change.tsx';
import { useTranslation } from '../../i18n/i18n.ts';
import { formatMinor } from '../../lib/format.ts';
import { errorText } from '../../lib/http.ts';
import { downloadBonusesCsv } from './api/download-bonuses-csv.ts';
import { BONUS_PAGE_SIZE, type BonusKind, useBonuses } from './api/get-bonuses.ts';
import { BonusForm } from './bonus-form.tsx';

/**
 * Bonus definitions (kind `bonus`, the member's grid) or promotion codes (kind `promotion`): a page of them,
 * and a form with every term to create one or change one. Retiring is unticking "active".
 */
export function BonusesPanel({ kind }: { kind: BonusKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<BackofficeBonus | 'new' | null>(null);
  // The last save's change when it waits for a second admin (202): said above the list the form goes back to.
  const [waiting, setWaiting] = useState<PendingChange | null>(null);
  const bonuses = useBonuses(kind, page);
  if (editing) {
    const done = (change: PendingChange | null) => {
      setWaiting(change);
      setEditing(null);
    };
    return <BonusForm kind={kind} bonus={editing === 'new' ? null : editing} onDone={done} />;
  }
  if (bonuses.isPending) return <PageSpinner />;
  if (bonuses.isError) return <p role="alert">{errorText(bonuses.error)}</p>;
  const pages = Math.max(1, Math.ceil(bonuses.data.total / BONUS_PAGE_SIZE));
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start gap-2">
        <Button onClick={() => setEditing('new')}>{t(`promotions.${kind}.new`)}</Button>
        <ExportButtonWithError label={t('promotions.exportCsv')} download={() => downloadBonusesCsv(kind)} />
      </div>
      {waiting ? (
        <WaitingNotice
          testId="bonus-waiting"
          text={t('promotions.waiting', { code: waiting.target.replace(/^bonus:/, '') })}
        />
      ) : null}
      {bonuses.data.bonuses.length === 0 ? <p className="text-slate-600">{t('promotions.empty')}</p> : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {bonuses.data.bonuses.map((bonus) => (
          <li
            key={bonus.code}
            className="space-y-1 rounded-2xl bg-white p-4 shadow-sm"
            data-testid={`bonus-${bonus.code}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-mono font-semibold text-slate-900">{bonus.code}</p>
              <span
                className={`rounded-full px-2 text-sm ${bonus.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-700'}`}
              >
                {t(bonus.active ? 'promotions.active' : 'promotions.retired')}
              </span>
            </div>
            <p className="text-slate-800">{bonus.names.th}</p>
            <p className="text-sm text-slate-600">
              {bonus.amountRule === 'fixed' && bonus.amountMinor
                ? formatMinor(bonus.amountMinor, bonus.currency)
                : t('promotions.form.percentSummary', {
                    percent: bonus.depositPercent ?? 0,
                    cap: formatMinor(bonus.amountCapMinor ?? '0', bonus.currency),
                  })}{' '}
              · {t('promotions.receivedCount', { count: bonus.received })}
            </p>
            <Button
              variant="secondary"
              onClick={() => setEditing(bonus)}
              aria-label={t('promotions.editNamed', { code: bonus.code })}
            >
              {t('promotions.edit')}
            </Button>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('promotions.previous')}
          </Button>
          <span>{t('promotions.page', { page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('promotions.next')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
