import type { DepositBank } from '@member-wallet/contract/deposit';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/i18n.ts';
import type { Currency } from '../../../lib/format.ts';
import { bankName } from '../bank-name.ts';
import { BankLogo } from './bank-entry.tsx';
import { QrPanel } from './qr-panel.tsx';

/**
 * One tab per QR gateway (spec section 2). Every panel stays mounted, hidden but for the chosen one, so each
 * gateway's live QR is read when the modal opens and re-read when another gateway creates a QR (spec
 * section 4). Arrow keys, Home and End move between tabs, as in the WAI-ARIA tabs pattern.
 */
export function QrTabs({
  entries,
  currency,
  onQrGone,
}: {
  entries: readonly DepositBank[];
  currency: Currency;
  /** A live QR is no longer live (paid, cancelled, expired): the wallet may have changed. */
  onQrGone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = entries.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected >= last ? 0 : selected + 1,
      ArrowLeft: selected <= 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  }

  return (
    <div className="space-y-3">
      <div role="tablist" aria-label={t('deposit.qr.tabs')} className="flex flex-wrap gap-2" onKeyDown={onKeyDown}>
        {entries.map((entry, index) => (
          <button
            key={entry.bankCode}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            data-i18n-exempt=""
            className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-semibold focus-visible:outline-3 focus-visible:outline-brand-500 ${
              index === selected ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-brand-50'
            }`}
          >
            <BankLogo code={entry.bankCode} />
            {bankName(entry, i18n.language)}
          </button>
        ))}
      </div>
      {entries.map((entry, index) => (
        <div
          key={entry.bankCode}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== selected}
        >
          <QrPanel entry={entry} currency={currency} onQrGone={onQrGone} />
        </div>
      ))}
    </div>
  );
}
