import type { ColumnType } from 'kysely';

/** A timestamp the database may fill in, always read back as a `Date`. */
export type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** A JSON object column: written as a JSON string, read back parsed. */
export type JsonObject = ColumnType<Record<string, unknown>, string | undefined, string>;
