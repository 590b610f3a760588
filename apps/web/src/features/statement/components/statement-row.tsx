import type { StatementItem } from '@member-wallet/contract/statement';
import { type StatusTone, statusTone } from '@member-wallet/contract/statuses';
import { type TFunction, useTranslation } from '../../../i18n/i18n.ts';
import {
  type Currency,
  formatAmount,
  formatDateTime,
  formatMoney,
  formatRelativeTime,
  RELATIVE_TIME_UNITS,
  type RelativeTimeTexts,
} from '../../../lib/format.ts';
import { STATEMENT_ICONS } from './statement-icons.tsx';

/** The colours of a status, shared by the statement rows and the slip list. */
export const STATUS_TONE_CLASS: Record<StatusTone, string> = {
  success: 'bg-green-100 text-green-800',
  fail: 'bg-red-100 text-red-800',
  warning: 'bg-amber-100 text-amber-900',
};

/** Outside parties the catalogue names; any other code (a QR provider's) is shown as it is. */
const NAMED_PARTIES = ['wallet', 'bank', 'bonus', 'truemoney'] as const;

/** The name of a code the row's `from` or `to` holds, when the screen knows it: a slot's game, a bank. */
export type PartyNames = (code: string) => string | undefined;

/**
 * Names a row's `from` or `to`: the wallet and known parties in words, a slot by its game's name, a bank by its name
 * in the reader's language; any other code as it is.
 */
export function partyName(code: string, t: TFunction, names: PartyNames): string {
  const named = NAMED_PARTIES.find((party) => party === code);
  if (named) return t(`statement.party.${named}`);
  return names(code) ?? code;
}

/** The first description the row carries, from whichever source gave the money (spec section 3). */
function descriptionOf(item: StatementItem): string | undefined {
  return (item.bonus ?? item.promotion ?? item.invite ?? item.refund ?? item.luckydraw)?.description;
}

/** `+฿100.00` for money in, `-฿100.00` for money out; without a currency when the wallet could not be read. */
function signedAmount(locale: Parameters<typeof formatMoney>[0], amount: number, currency: Currency | undefined) {
  const text = currency ? formatMoney(locale, amount, currency) : formatAmount(amount);
  return amount > 0 ? `+${text}` : text;
}

export function relativeTimeTexts(t: TFunction): RelativeTimeTexts {
  const texts: Record<string, string> = { justNow: t('time.justNow') };
  for (const unit of RELATIVE_TIME_UNITS) {
    texts[`${unit}Ago_one`] = t(`time.${unit}Ago_one`);
    texts[`${unit}Ago_other`] = t(`time.${unit}Ago_other`);
  }
  return texts as RelativeTimeTexts;
}

export function StatementRow({
  item,
  now,
  currency,
  names,
}: {
  item: StatementItem;
  now: number;
  currency: Currency | undefined;
  names: PartyNames;
}) {
  const { t, i18n } = useTranslation();
  const TypeIcon = STATEMENT_ICONS[item.statementType];
  const tone = statusTone(item.status);
  const description = descriptionOf(item);
  const time = Date.parse(item.createdAt);
  const amountClass = item.amount > 0 ? 'text-green-700' : item.amount < 0 ? 'text-red-700' : 'text-slate-700';
  return (
    <li className="flex gap-3 border-b border-slate-100 py-3 last:border-b-0">
      <span
        role="img"
        aria-label={t(`statement.type.${item.statementType}`)}
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800"
      >
        <TypeIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words text-slate-900">
          {t(`statement.activity.${item.statementType}`, {
            from: partyName(item.from, t, names),
            to: partyName(item.to, t, names),
          })}
        </p>
        {description ? (
          <p className="break-words text-sm text-slate-600" data-i18n-exempt="">
            {description}
          </p>
        ) : null}
        {Number.isFinite(time) ? (
          <p className="text-xs text-slate-600">
            <time dateTime={item.createdAt} data-i18n-exempt="" className="whitespace-nowrap">
              {formatDateTime(time)}
            </time>{' '}
            <span className="whitespace-nowrap">
              ({formatRelativeTime(i18n.language, time, Math.max(now, time), relativeTimeTexts(t))})
            </span>
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <p className={`font-semibold ${amountClass}`} data-testid="statement-amount" translate="no">
          {signedAmount(i18n.language, item.amount, currency)}
        </p>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE_CLASS[tone]}`} data-tone={tone}>
          {t(`statement.status.${tone}`)}
        </span>
      </div>
    </li>
  );
}
