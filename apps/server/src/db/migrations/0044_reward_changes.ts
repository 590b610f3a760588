import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 39, finding 1, the rest of it (docs/backoffice/four-eyes.md): the promotions' reward terms wait for a
 * second admin too. `pending_changes.kind` admits the reward kinds besides the three of 0042:
 * - `promotions.bonus`: a bonus definition or promotion code (target `bonus:<CODE>`);
 * - `promotions.invite`, `promotions.refund`: the invite and loss-refund programmes (`setting:inviteProgramme`,
 *   `setting:refundProgramme`);
 * - `promotions.spin`: the prize wheel and its coin rule (`setting:spin`).
 * Frozen in time like every migration.
 */
const KINDS_0042 = sql`kind in ('settings.adjustment', 'settings.withdraw', 'operator.role')`;
const KINDS = sql`kind in ('settings.adjustment', 'settings.withdraw', 'operator.role',
  'promotions.bonus', 'promotions.invite', 'promotions.refund', 'promotions.spin')`;

export const rewardChanges: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table pending_changes drop constraint pending_changes_kind_check`.execute(db);
    await sql`alter table pending_changes add constraint pending_changes_kind_check check (${KINDS})`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from pending_changes where not (${KINDS_0042})`.execute(db);
    await sql`alter table pending_changes drop constraint pending_changes_kind_check`.execute(db);
    await sql`alter table pending_changes add constraint pending_changes_kind_check check (${KINDS_0042})`.execute(db);
  },
};
