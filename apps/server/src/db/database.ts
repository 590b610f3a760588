import type { Kysely } from 'kysely';
import type { AccountsTables } from './tables/accounts.table.ts';
import type { BonusTables } from './tables/bonus.table.ts';
import type { ChatTables } from './tables/chat.table.ts';
import type { DepositsTables } from './tables/deposits.table.ts';
import type { GamesTables } from './tables/games.table.ts';
import type { JobsTables } from './tables/jobs.table.ts';
import type { LedgerTables } from './tables/ledger.table.ts';
import type { OperatorsTables } from './tables/operators.table.ts';
import type { PromotionsTables } from './tables/promotions.table.ts';
import type { PushTables } from './tables/push.table.ts';
import type { SaferPlayTables } from './tables/safer-play.table.ts';
import type { SettingsTables } from './tables/settings.table.ts';
import type { WithdrawalsTables } from './tables/withdrawals.table.ts';

/**
 * Every table Kysely may query, composed from the domain files in `tables/`: each `<domain>.table.ts` holds its
 * tables' types and the part of this interface they make. Two domains naming one table differently fail here.
 */
export interface Database
  extends SettingsTables,
    AccountsTables,
    LedgerTables,
    GamesTables,
    WithdrawalsTables,
    OperatorsTables,
    DepositsTables,
    BonusTables,
    PromotionsTables,
    ChatTables,
    PushTables,
    JobsTables,
    SaferPlayTables {}

export type Db = Kysely<Database>;
