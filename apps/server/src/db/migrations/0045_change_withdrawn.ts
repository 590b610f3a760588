import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Issue 39, four eyes (docs/backoffice/four-eyes.md, "Withdrawing one's own change"): the admin who proposed a
 * change may withdraw it while it waits, so that a waiting loosening never keeps its proposer from a tightening of
 * the same target (one target has at most one change waiting). `pending_changes.status` admits `withdrawn`, decided
 * by the proposer and nobody else; every other decision stays another admin's.
 * Frozen in time like every migration.
 */
const STATUSES_0042 = sql`status in ('pending', 'applied', 'rejected')`;
const STATUSES = sql`status in ('pending', 'applied', 'rejected', 'withdrawn')`;
const FOUR_EYES_0042 = sql`decided_by is null or decided_by <> proposed_by`;
const FOUR_EYES = sql`decided_by is null or (decided_by <> proposed_by) = (status <> 'withdrawn')`;

export const changeWithdrawn: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table pending_changes drop constraint pending_changes_status_check`.execute(db);
    await sql`alter table pending_changes add constraint pending_changes_status_check check (${STATUSES})`.execute(db);
    await sql`alter table pending_changes drop constraint pending_changes_four_eyes_check`.execute(db);
    await sql`alter table pending_changes add constraint pending_changes_four_eyes_check check (${FOUR_EYES})`.execute(
      db,
    );
    await sql`alter table pending_changes add constraint pending_changes_withdrawn_check
      check (status <> 'withdrawn' or decided_by is not null)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from pending_changes where status = 'withdrawn'`.execute(db);
    await sql`alter table pending_changes drop constraint pending_changes_withdrawn_check`.execute(db);
    await sql`alter table pending_changes drop constraint pending_changes_four_eyes_check`.execute(db);
    await sql`alter table pending_changes add constraint pending_changes_four_eyes_check check (${FOUR_EYES_0042})`.execute(
      db,
    );
    await sql`alter table pending_changes drop constraint pending_changes_status_check`.execute(db);
    await sql`alter table pending_changes add constraint pending_changes_status_check check (${STATUSES_0042})`.execute(
      db,
    );
  },
};
