import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './0001_initial.ts';
import { referenceData } from './0002_reference_data.ts';
import { ledger } from './0003_ledger.ts';
import { games } from './0004_games.ts';
import { withdrawals } from './0005_withdrawals.ts';
import { statement } from './0006_statement.ts';
import { bankFeed } from './0007_bank_feed.ts';
import { truelink } from './0008_truelink.ts';
import { depositChannels } from './0009_deposit_channels.ts';
import { qrPayments } from './0010_qr_payments.ts';
import { slips } from './0011_slips.ts';
import { bonuses } from './0012_bonuses.ts';
import { invitesRefunds } from './0013_invites_refunds.ts';
import { spinWheel } from './0014_spin_wheel.ts';
import { operators } from './0015_operators.ts';
import { withdrawalReview } from './0016_withdrawal_review.ts';
import { adjustments } from './0017_adjustments.ts';
import { suspenseSlipReview } from './0018_suspense_slip_review.ts';
import { memberBonusTerms } from './0020_member_bonus_terms.ts';
import { chat } from './0021_chat.ts';
import { bonusOwed } from './0022_bonus_owed.ts';
import { spinCoinsNet } from './0023_spin_coins_net.ts';
import { authKeys } from './0024_auth_keys.ts';
import { rewardBonuses } from './0027_reward_bonuses.ts';
import { inviteReviews } from './0028_invite_reviews.ts';
import { bonusAdjustmentsAndDebts } from './0029_bonus_adjustments_and_debts.ts';
import { sandboxTablesOut } from './0030_sandbox_tables_out.ts';
import { slipRetries } from './0031_slip_retries.ts';
import { slipsSandbox } from './0032_slips_sandbox.ts';
import { refundAccount } from './0033_refund_account.ts';
import { push } from './0034_push.ts';
import { jobRuns } from './0035_job_runs.ts';
import { saferPlay } from './0036_safer_play.ts';
import { operatorAccounts } from './0037_operator_accounts.ts';
import { pushSessions } from './0038_push_sessions.ts';
import { qrNoticeInquiry } from './0039_qr_notice_inquiry.ts';
import { bankAccountFormat } from './0040_bank_account_format.ts';
import { bankNameChanges } from './0041_bank_name_changes.ts';
import { pendingChanges } from './0042_pending_changes.ts';
import { people } from './0043_people.ts';
import { rewardChanges } from './0044_reward_changes.ts';
import { changeWithdrawn } from './0045_change_withdrawn.ts';

/**
 * Every migration by name. A static map, not a folder scan, because the production bundle is one file.
 * Names sort in the order they run; a landed migration is never edited, only followed by a new one: its file's
 * SHA-256 is in a `.sha256` file beside it (`landed.sha256` up to 0029, then one per migration, so no landed file
 * ever changes), and `migrations.test.ts` fails when a listed file changes or a file is not listed (a new
 * migration lands with its own: `sha256sum 00NN_name.ts > 00NN_name.sha256`). Numbers 0019, 0025
 * and 0026 were never used (work in parallel took the numbers after them); a gap changes nothing, since
 * migrations run in the order of their names.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_reference_data': referenceData,
  '0003_ledger': ledger,
  '0004_games': games,
  '0005_withdrawals': withdrawals,
  '0006_statement': statement,
  '0007_bank_feed': bankFeed,
  '0008_truelink': truelink,
  '0009_deposit_channels': depositChannels,
  '0010_qr_payments': qrPayments,
  '0011_slips': slips,
  '0012_bonuses': bonuses,
  '0013_invites_refunds': invitesRefunds,
  '0014_spin_wheel': spinWheel,
  '0015_operators': operators,
  '0016_withdrawal_review': withdrawalReview,
  '0017_adjustments': adjustments,
  '0018_suspense_slip_review': suspenseSlipReview,
  '0020_member_bonus_terms': memberBonusTerms,
  '0021_chat': chat,
  '0022_bonus_owed': bonusOwed,
  '0023_spin_coins_net': spinCoinsNet,
  '0024_auth_keys': authKeys,
  '0027_reward_bonuses': rewardBonuses,
  '0028_invite_reviews': inviteReviews,
  '0029_bonus_adjustments_and_debts': bonusAdjustmentsAndDebts,
  '0030_sandbox_tables_out': sandboxTablesOut,
  '0031_slip_retries': slipRetries,
  '0032_slips_sandbox': slipsSandbox,
  '0033_refund_account': refundAccount,
  '0034_push': push,
  '0035_job_runs': jobRuns,
  '0036_safer_play': saferPlay,
  '0037_operator_accounts': operatorAccounts,
  '0038_push_sessions': pushSessions,
  '0039_qr_notice_inquiry': qrNoticeInquiry,
  '0040_bank_account_format': bankAccountFormat,
  '0041_bank_name_changes': bankNameChanges,
  '0042_pending_changes': pendingChanges,
  '0043_people': people,
  '0044_reward_changes': rewardChanges,
  '0045_change_withdrawn': changeWithdrawn,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
