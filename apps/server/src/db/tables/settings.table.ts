import type { ColumnType } from 'kysely';

export interface SiteSettingsTable {
  key: string;
  /** `th`, `lo`, `en`, or `*` for a setting that does not depend on the language. */
  locale: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface BanksTable {
  code: string;
  name_th: string;
  name_en: string;
  name_lo: string;
  country: string;
  sort_order: number;
  active: boolean;
}

export interface SourcesTable {
  code: string;
  description: ColumnType<Record<string, string>, string, string>;
  sort_order: number;
  active: boolean;
}

/** The site's settings and the lists the sign-up form offers (banks, sources). */
export interface SettingsTables {
  site_settings: SiteSettingsTable;
  banks: BanksTable;
  sources: SourcesTable;
}
