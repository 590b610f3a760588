/** The groups of the configuration, in the README's order: one table each. */
export const CONFIG_GROUPS = {
  site: 'The site',
  server: 'HTTP server',
  database: 'Database, Redis and jobs',
  sessions: 'Sessions and rate limits',
  ceilings: 'What the back-office can never pass',
  games: 'Game providers',
  payout: 'Payout party',
  qr: 'QR payment gateways',
  bankFeed: 'Bank feed',
  truemoney: 'TrueMoney gift links',
  slips: 'Slips and their verifier',
  uploads: 'Uploaded files',
  sms: 'SMS party',
  chat: 'Live chat',
  push: 'Web Push',
} as const;

/** One variable of the environment: its group, default and meaning, as the README's tables show them. */
export interface ConfigVariable {
  name: string;
  group: keyof typeof CONFIG_GROUPS;
  /** As the README shows it: a value in backticks, or words. */
  default: string;
  meaning: string;
}
