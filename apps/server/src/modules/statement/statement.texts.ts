import type { Locale } from '@member-wallet/contract/constants';
import { REWARD_NAMES, textIn } from '../bonus/bonus.module.ts';
import type { StatementRow } from './statement.repository.ts';

/** Texts per language, as the statement reads them. */
type Texts = Record<string, string>;

/**
 * What the statement calls the rows of the programmes that have no operator-named definition. Their entries were
 * written with one English text (`{ refund: { description: 'Loss refund' } }`), which the reader's language replaces.
 */
const PROGRAMME_NAMES: Record<'refund' | 'invite', Record<Locale, string>> = {
  refund: { th: 'คืนยอดเสีย', lo: 'ຄືນຍອດເສຍ', en: 'Loss refund' },
  invite: { th: 'แนะนำเพื่อน', lo: 'ແນະນຳໝູ່', en: 'Invite a friend' },
};

/**
 * Where a row's texts in every language are (decision 0025): the bonus or promotion code's definition (the
 * operator's names), the wheel prize's coupon (its labels), an operator's adjustment paid as a bonus (the reward's
 * name), the refund and invite programmes (fixed names); none for a row of another source.
 */
function textsOf(source: string, row: StatementRow): Texts | undefined {
  if (row.bonus_names) return row.bonus_names;
  if (source === 'luckydraw') return row.prize_labels ?? undefined;
  if (source === 'refund' || source === 'invite') return PROGRAMME_NAMES[source];
  if (source === 'bonus' && typeof row.reference.adjustment === 'string') return REWARD_NAMES.adjustment;
  return undefined;
}

/**
 * A row's description in the reader's language: that language's text, else the Thai one, else the text the entry
 * was written with (a definition since removed, an entry older than its source's texts).
 */
export function describedIn(source: string, row: StatementRow, written: string, locale: Locale): string {
  const texts = textsOf(source, row);
  return texts ? textIn(texts, locale, written) : written;
}
