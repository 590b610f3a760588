import type { OperatorRole } from '@member-wallet/contract/backoffice/operators';
import type { SlipWindowSetting } from '@member-wallet/contract/backoffice/settings';
import type { InviteListResponse } from '@member-wallet/contract/invite';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { DepositChannelsTable, DepositWalletsTable } from '../db/tables/deposits.table.ts';
import type { Clock } from '../lib/clock.ts';
import type { RoleRouter, Router } from '../lib/route.ts';

/** Site settings kept in the database: where a sandbox party keeps its faults, so every node sees the same. */
export interface SandboxSettingsStore {
  global(key: string): Promise<unknown>;
  setGlobal(key: string, value: unknown): Promise<void>;
}

/** One line of the back-office's audit log, written for a sandbox control an operator used. */
export interface SandboxAuditEntry {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * SANDBOX ONLY. Everything the sandbox gets from the app, handed to `registerSandbox` by app.ts (app.sandbox.ts
 * builds it): the sandbox imports no module, repository or service, only these small interfaces, which the
 * modules' own objects satisfy or app.sandbox.ts adapts. The parties themselves reach the app as the real parties
 * do, over HTTP: the modules' adapters call `/sandbox/...` and the parties send signed webhooks to `/api/webhooks/...`.
 */
export interface SandboxPorts<OperatorAuth> {
  config: Config;
  /** The app's database: the sandbox writes only its own tables (sandbox.tables.ts) and the audit line below. */
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The public router, for the parties' and the controls' routes under /sandbox. */
  route: Router;
  settings: SandboxSettingsStore & {
    setFlags(flags: Partial<Record<'registerOTP' | 'terminated' | 'enableChatWidget', boolean>>): Promise<void>;
    setSlipWindow(window: SlipWindowSetting): Promise<void>;
    setWithdrawAutoApproveMax(currency: string, maxMinor: bigint): Promise<void>;
  };
  /** Creates an operator as `npm run operator:create` does; refusals are thrown as the API's errors. */
  createOperator(input: {
    username: string;
    role: OperatorRole;
    password: string;
  }): Promise<{ id: string; username: string; role: OperatorRole; totpSecret: string }>;
  /** An inviter's invite list, accrued as if the time were `at` (NO_USER for an unknown phone). */
  accrueInvites(phone: string, at: Date): Promise<InviteListResponse>;
  /** Adds the deposit channels the sandbox stands behind, those missing only. */
  ensureDepositChannels(
    channels: Insertable<DepositChannelsTable>[],
    wallets: Insertable<DepositWalletsTable>[],
  ): Promise<void>;
  /** Grants prize-wheel coins to a member (NO_USER for an unknown phone); answers the member's coins. */
  grantCoins(phone: string, coins: number): Promise<number>;
  /** The transfer reconciler's pass over every open transfer, now. */
  reconcileTransfers(): Promise<{ examined: number; completed: number; failed: number; stillOpen: number }>;
  backoffice: {
    route: RoleRouter<OperatorAuth, OperatorRole>;
    /** Writes the operator's audit line, in the transaction given (or on its own). */
    audit(executor: Db, auth: OperatorAuth, ip: string, entry: SandboxAuditEntry): Promise<void>;
    /** A member's QR code by our id, as the deposits list shows it. */
    findQr(id: string): Promise<{ qrcodeId: string; gateway: string; status: string; amountMinor: bigint } | undefined>;
  };
}
