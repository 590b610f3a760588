import type { BankAccountsToCheck, BankAccountToCheck } from '@member-wallet/contract/backoffice/members';
import { BANK_ACCOUNT_NO_FORMATS, bankAccountNoFormat } from '@member-wallet/contract/bank-account-no';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db/database.ts';

/** The most accounts one answer lists (`total` counts them all). */
export const BANK_ACCOUNTS_TO_CHECK_MAX = 500;

type Table = 'members' | 'deposit_channels';
type NumberColumn = 'bank_account_no' | 'account_no';

/**
 * Rows whose number fits its bank's length (contract bank-account-no.ts): digits only, as many as the bank takes;
 * a bank the table does not know takes the fallback range. The report lists the others.
 */
function fitting<T extends Table>(eb: ExpressionBuilder<Database, T>, column: NumberColumn) {
  const number = sql.ref(column);
  const digitsBetween = (min: number, max: number) =>
    sql<boolean>`${number} ~ '^[0-9]+$' and length(${number}) between ${min} and ${max}`;
  const known = Object.keys(BANK_ACCOUNT_NO_FORMATS);
  const fallback = bankAccountNoFormat('');
  return eb.or([
    ...Object.entries(BANK_ACCOUNT_NO_FORMATS).map(([code, { min, max }]) =>
      eb.and([eb(sql.ref('bank_code'), '=', code), digitsBetween(min, max)]),
    ),
    eb.and([eb(sql.ref('bank_code'), 'not in', known), digitsBetween(fallback.min, fallback.max)]),
  ]);
}

interface Found {
  holder: BankAccountToCheck['holder'];
  id: string;
  bank_code: string;
  account_no: string;
  created_at: Date;
}

/**
 * Stored bank accounts that do not fit their bank's length (issue 39, finding 3; docs/backoffice/members.md, Bank
 * account numbers to check): every member's, and every operator deposit channel's but the QR ones (no number).
 * Nothing is changed: an operator looks at each (a padded copy of another member's account is listed with it).
 */
export async function bankAccountsToCheck(db: Db): Promise<BankAccountsToCheck> {
  const members = db
    .selectFrom('members')
    .select((eb) => [
      sql<Found['holder']>`'member'`.as('holder'),
      'public_id as id',
      'bank_code',
      'bank_account_no as account_no',
      'created_at',
      eb.val(0).as('order_in'),
    ])
    .where((eb) => eb.not(fitting(eb, 'bank_account_no')));
  const channels = db
    .selectFrom('deposit_channels')
    .select((eb) => [
      sql<Found['holder']>`'deposit_channel'`.as('holder'),
      sql<string>`id::text`.as('id'),
      'bank_code',
      'account_no',
      'created_at',
      eb.val(1).as('order_in'),
    ])
    .where('mode', '<>', 'QR')
    .where((eb) => eb.not(fitting(eb, 'account_no')));
  const all = members.unionAll(channels);
  const [count, rows] = await Promise.all([
    db.selectFrom(all.as('unfit')).select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    db
      .selectFrom(all.as('unfit'))
      .select(['holder', 'id', 'bank_code', 'account_no', 'created_at'])
      .orderBy('order_in')
      .orderBy('created_at')
      .limit(BANK_ACCOUNTS_TO_CHECK_MAX)
      .execute(),
  ]);
  const accounts = await Promise.all(rows.map((row) => withCopies(db, row)));
  return { total: Number(count.total), accounts };
}

/** The account as listed, with the members of its bank whose number equals it but for zeros before it. */
async function withCopies(db: Db, row: Found): Promise<BankAccountToCheck> {
  const significant = row.account_no.replace(/^0+/, '');
  const same = await db
    .selectFrom('members')
    .select('public_id')
    .where('bank_code', '=', row.bank_code)
    .where(sql<string>`ltrim(bank_account_no, '0')`, '=', significant)
    .where('public_id', '<>', row.holder === 'member' ? row.id : '')
    .orderBy('id')
    .execute();
  const { min, max } = bankAccountNoFormat(row.bank_code);
  return {
    holder: row.holder,
    id: row.id,
    bankCode: row.bank_code,
    accountNo: row.account_no,
    min,
    max,
    sameDigitsAs: same.map((member) => member.public_id),
    createdAt: row.created_at.toISOString(),
  };
}
