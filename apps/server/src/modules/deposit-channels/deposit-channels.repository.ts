import { accountNoDigits } from '@member-wallet/contract/bank-account-no';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DepositChannelsTable, DepositWalletsTable } from '../../db/tables/deposits.table.ts';

export type DepositChannel = Selectable<DepositChannelsTable>;

/**
 * The operator's deposit channels (docs/deposits/README.md, deposit channels): what `GET /api/lookup/deposit` lists,
 * which gateway a QR is made at and with which minimum, and which accounts a slip may name as its destination.
 */
export class DepositChannelsRepository {
  constructor(private readonly db: Db) {}

  /** The enabled channels of a currency, in the operator's order. */
  list(currency: string): Promise<DepositChannel[]> {
    return this.db
      .selectFrom('deposit_channels')
      .selectAll()
      .where('currency', '=', currency)
      .where('enabled', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  /** The enabled QR channel of a gateway in a currency: where a member of that currency may make a QR. */
  qrChannel(gateway: string, currency: string): Promise<DepositChannel | undefined> {
    return this.db
      .selectFrom('deposit_channels')
      .selectAll()
      .where('bank_code', '=', gateway)
      .where('currency', '=', currency)
      .where('mode', '=', 'QR')
      .where('enabled', '=', true)
      .executeTakeFirst();
  }

  /**
   * The operator's bank account with this number (digits compared; AUTO or MANUAL), enabled or not: a slip to
   * an account the operator has just disabled is still a transfer to the operator.
   */
  bankAccount(accountNo: string): Promise<DepositChannel | undefined> {
    return this.db
      .selectFrom('deposit_channels')
      .selectAll()
      .where('account_no', '=', accountNoDigits(accountNo) ?? '')
      .where('mode', '<>', 'QR')
      .executeTakeFirst();
  }

  /** Every operator bank account (not QR), for matching a receiver a party shows masked. */
  bankAccounts(): Promise<DepositChannel[]> {
    return this.db.selectFrom('deposit_channels').selectAll().where('mode', '<>', 'QR').orderBy('id').execute();
  }

  async wallets(currency: string): Promise<Selectable<DepositWalletsTable>[]> {
    return this.db
      .selectFrom('deposit_wallets')
      .selectAll()
      .where('currency', '=', currency)
      .where('enabled', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  /** Adds the sandbox's channels that are missing (by their unique keys); an operator's changes are kept. */
  async ensure(channels: Insertable<DepositChannelsTable>[], wallets: Insertable<DepositWalletsTable>[]) {
    for (const channel of channels) {
      const taken = await this.db
        .selectFrom('deposit_channels')
        .select('id')
        .where('bank_code', '=', channel.bank_code)
        .where('currency', '=', channel.currency)
        .where((eb) =>
          channel.mode === 'QR'
            ? eb('mode', '=', 'QR')
            : eb.and([eb('mode', '<>', 'QR'), eb('account_no', '=', channel.account_no)]),
        )
        .executeTakeFirst();
      if (!taken) await this.db.insertInto('deposit_channels').values(channel).execute();
    }
    for (const wallet of wallets) {
      await this.db
        .insertInto('deposit_wallets')
        .values(wallet)
        .onConflict((oc) => oc.constraint('deposit_wallets_mode_key').doNothing())
        .execute();
    }
  }
}
