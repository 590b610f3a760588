import { CONFIG_GROUPS, type ConfigVariable } from './config.groups.ts';
import { PARTY_VARIABLES } from './config.variables.parties.ts';

export { CONFIG_GROUPS, type ConfigVariable } from './config.groups.ts';

/** The site's own variables: the site, its server, database, sessions, ceilings, games, files, chat and push. */
const SITE_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'NODE_ENV',
    group: 'site',
    default: '(unset)',
    meaning:
      '`production` turns demo data, the sandbox and the API docs off, and refuses to start on an unsafe setting (below)',
  },
  {
    name: 'DEMO',
    group: 'site',
    default: 'on unless production',
    meaning: 'Create demo data on an empty database (refused in production)',
  },
  {
    name: 'SANDBOX',
    group: 'site',
    default: 'same as `DEMO`',
    meaning: 'Mount the sandbox parties under `/sandbox` (refused in production)',
  },
  {
    name: 'COUNTRY',
    group: 'site',
    default: '`TH`',
    meaning: '`TH` or `LA`: phone rule, banks, currencies, default language',
  },
  { name: 'DEMO_PHONE', group: 'site', default: '`0812345678`', meaning: 'Phone of the demo member' },
  { name: 'DEMO_PASSWORD', group: 'site', default: '`demo1234`', meaning: 'Password of the demo member' },
  { name: 'PORT', group: 'server', default: '`8080`', meaning: 'HTTP port (app, API, sandbox)' },
  { name: 'HOST', group: 'server', default: '`127.0.0.1`', meaning: 'Address to listen on' },
  {
    name: 'TRUST_PROXY',
    group: 'server',
    default: '`false`',
    meaning:
      'Trust `X-Forwarded-*` from a load balancer; a request it forwarded over HTTPS is answered with HSTS (`max-age=31536000; includeSubDomains`)',
  },
  {
    name: 'PUBLIC_DIR',
    group: 'server',
    default: '`apps/web/dist`',
    meaning: 'The built client to serve; a relative path is read from the working directory',
  },
  {
    name: 'BACKOFFICE_DIR',
    group: 'server',
    default: '`apps/backoffice/dist`',
    meaning: 'The built back-office, served under `/backoffice`; a relative path is read from the working directory',
  },
  {
    name: 'LOG_LEVEL',
    group: 'server',
    default: '`info`',
    meaning: '`fatal`, `error`, `warn`, `info`, `debug`, `trace`',
  },
  {
    name: 'API_DOCS',
    group: 'server',
    default: 'on unless production',
    meaning:
      'Serve the OpenAPI document and its UI at `/api/docs`; they describe the public API only, never `/backoffice/api` or `/sandbox`',
  },
  {
    name: 'METRICS_TOKEN',
    group: 'server',
    default: 'unset',
    meaning:
      'The bearer token `GET /metrics` asks for (Prometheus text: runtime, requests by route, database pool, periodic jobs, deposits and withdrawals, open game transfers, ledger drift, sandbox on or off; docs/operations.md); required in production (the server refuses to start without it); unset elsewhere, `/metrics` answers anyone who reaches it, so keep it off the public proxy',
  },
  {
    name: 'SHUTDOWN_DELAY_MS',
    group: 'server',
    default: '`5000`',
    meaning:
      'On SIGTERM the node answers `/readyz` with 503 at once and its periodic jobs take no new work, but it keeps serving this long, so the load balancer takes it out before it stops listening (docs/operations.md, Roll-outs); Ctrl-C skips it',
  },
  {
    name: 'SHUTDOWN_GRACE_MS',
    group: 'server',
    default: '`330000`',
    meaning:
      'Then it stops listening and gives the requests under way this long to finish (a slow upload may take 300 s) before it exits anyway, with status 1',
  },
  {
    name: 'DATA_DIR',
    group: 'database',
    default: '`./data`',
    meaning: 'PGlite data directory; `memory://` for a throw-away database',
  },
  {
    name: 'DATABASE_URL',
    group: 'database',
    default: '(unset)',
    meaning: 'PostgreSQL connection string; overrides `DATA_DIR`',
  },
  {
    name: 'DATABASE_PREPARE',
    group: 'database',
    default: '`1`',
    meaning:
      'Prepare each statement once per PostgreSQL connection (docs/decisions/0032); `0` behind a pooler in transaction mode that cannot keep prepared statements',
  },
  {
    name: 'REDIS_URL',
    group: 'database',
    default: '(unset)',
    meaning: 'Redis for shared rate limits (and the Socket.IO adapter) across server nodes',
  },
  {
    name: 'REDIS_KEY_PREFIX',
    group: 'database',
    default: '`member-wallet:`',
    meaning: "Prefix of this deployment's keys in Redis",
  },
  {
    name: 'JOB_RUNNER',
    group: 'database',
    default: '`pg-boss` with `DATABASE_URL`, else `in-process`',
    meaning:
      "What runs the periodic jobs (settlers, reconciler, matcher, sweeper): `pg-boss` keeps them in PostgreSQL (schema `pgboss`) so each runs once per interval across all nodes, with retries; `in-process` runs them on timers in this process, for the embedded database's single node (docs/operations.md, Jobs)",
  },
  { name: 'SESSION_TTL_HOURS', group: 'sessions', default: '`12`', meaning: 'Session lifetime' },
  { name: 'REMEMBER_TTL_DAYS', group: 'sessions', default: '`30`', meaning: 'Session lifetime with remember-me' },
  {
    name: 'OPERATOR_SECRET_KEY',
    group: 'sessions',
    default: 'a development key',
    meaning: "Key sealing operators' TOTP secrets (AES-256-GCM); production refuses the development key",
  },
  {
    name: 'OPERATOR_SESSION_HOURS',
    group: 'sessions',
    default: '`8`',
    meaning: 'How long an operator stays signed in to the back-office',
  },
  {
    name: 'WITHDRAW_RATE_PER_MINUTE',
    group: 'sessions',
    default: '`5`',
    meaning: 'Withdrawal requests a member may make in a minute (`REQUEST_LIMIT_1MIN`)',
  },
  {
    name: 'WITHDRAW_RATE_PER_HOUR',
    group: 'sessions',
    default: '`30`',
    meaning: 'Withdrawal requests a member may make in an hour (`REQUEST_LIMIT`)',
  },
  {
    name: 'MONEY_RATE_PER_MINUTE',
    group: 'sessions',
    default: '`30`',
    meaning: 'Transfers and game-account money actions a member may make in a minute (`REQUEST_LIMIT_1MIN`)',
  },
  {
    name: 'CEILING_ADJUSTMENT_APPROVAL_MINOR',
    group: 'ceilings',
    default: '`BAHT:1000000,LAK:300000000`',
    meaning:
      'The highest manual adjustment approval amount the back-office may set, minor units per currency; no approval passes it (docs/backoffice/four-eyes.md)',
  },
  {
    name: 'CEILING_WITHDRAW_MAX_MINOR',
    group: 'ceilings',
    default: '`BAHT:20000000,LAK:10000000000`',
    meaning: 'The highest withdrawal maximum the back-office may set, minor units per currency',
  },
  {
    name: 'CEILING_WITHDRAW_AUTO_APPROVE_MINOR',
    group: 'ceilings',
    default: '`BAHT:2000000,LAK:1000000000`',
    meaning: 'The highest withdrawal auto-approve amount the back-office may set, minor units per currency',
  },
  {
    name: 'ADJUSTMENT_ALONE_DAILY_MINOR',
    group: 'ceilings',
    default: '`BAHT:2000000,LAK:600000000`',
    meaning:
      'What one operator may credit alone (under the approval amount) per site day, minor units per currency; beyond it a credit waits for a second operator',
  },
  {
    name: 'CEILING_REWARD_MINOR',
    group: 'ceilings',
    default: '`BAHT:5000000,LAK:1500000000`',
    meaning:
      "The most money one reward may give, minor units per currency: a bonus's fixed amount or deposit-percent cap, a wheel cash prize, the loss refund's cap (one figure in the major unit of every currency, so each currency's ceiling holds it); no approval passes it (docs/backoffice/four-eyes.md)",
  },
  {
    name: 'CEILING_BONUS_DEPOSIT_PERCENT',
    group: 'ceilings',
    default: '`200`',
    meaning: 'The highest deposit percent of a bonus the back-office may set (0 to 1000)',
  },
  {
    name: 'CEILING_CASHBACK_PERCENT',
    group: 'ceilings',
    default: '`25`',
    meaning: 'The highest invite commission percent and loss refund percent the back-office may set (0 to 100)',
  },
  {
    name: 'GAME_PROVIDER_SECRETS',
    group: 'games',
    default: '(unset)',
    meaning: '`CODE=secret,...`: HMAC secrets of real game providers (docs/parties/games.md)',
  },
  {
    name: 'GAME_PROVIDER_TIMEOUT_MS',
    group: 'games',
    default: '`10000`',
    meaning: 'Time-out of one game-provider call; a money call that times out is settled by the reconciler',
  },
  {
    name: 'GAME_CREDENTIAL_KEY',
    group: 'games',
    default: 'a development key',
    meaning: "Key sealing members' game passwords (AES-256-GCM); production refuses the development key",
  },
  {
    name: 'TRANSFER_RECONCILE_INTERVAL_MS',
    group: 'games',
    default: '`30000`',
    meaning: 'How often the transfer reconciler runs in the server; `0` turns it off',
  },
  {
    name: 'SANDBOX_GAMES_BASE_URL',
    group: 'games',
    default: 'this server',
    meaning:
      'Base URL of a server whose `/sandbox/games` backs the sandbox providers: a provider host of its own (bench/transfer runs one)',
  },
  {
    name: 'SANDBOX_GAME_FAULTS',
    group: 'games',
    default: '(none)',
    meaning: "Sandbox game provider's starting faults, e.g. `latencyMs=50,errorRate=0.05,timeoutRate=0.01`",
  },
  {
    name: 'UPLOAD_DIR',
    group: 'uploads',
    default: '`DATA_DIR/uploads`',
    meaning:
      'Without `S3_BUCKET`: where uploaded slip pictures, chat files and promotion pictures are kept, under random names, outside the web root (several server nodes must mount it as one volume, or use `S3_*`); with `DATA_DIR=memory://` a temporary folder removed on close',
  },
  {
    name: 'S3_ENDPOINT',
    group: 'uploads',
    default: 'Amazon S3',
    meaning:
      "With `S3_BUCKET`: an S3-compatible service other than Amazon's (MinIO, Cloudflare R2), reached with the bucket in the path",
  },
  {
    name: 'S3_BUCKET',
    group: 'uploads',
    default: 'unset: uploads on disk',
    meaning:
      'Uploads (slips, chat files, promotion pictures) stored as private objects of this bucket, so every node serves what any node took in (docs/operations.md, Shared files)',
  },
  { name: 'S3_REGION', group: 'uploads', default: '(unset)', meaning: "The bucket's region; needed with `S3_BUCKET`" },
  {
    name: 'S3_ACCESS_KEY_ID',
    group: 'uploads',
    default: '(unset)',
    meaning: "Access key allowed to put, get and delete the bucket's objects; needed with `S3_BUCKET`",
  },
  {
    name: 'S3_SECRET_ACCESS_KEY',
    group: 'uploads',
    default: '(unset)',
    meaning: 'Its secret; needed with `S3_BUCKET`',
  },
  {
    name: 'CHAT_GUEST_SECRET',
    group: 'chat',
    default: 'a key kept in the database',
    meaning:
      "HMAC-SHA256 key (at least 32 characters) signing the visitors' chat tokens; unset, a random key is made once and stored in the database, so every node on it agrees (docs/chat.md)",
  },
  {
    name: 'CHAT_PREFIX',
    group: 'chat',
    default: '`chat`',
    meaning: "First part of the chat rooms' names, `<prefix>-<member or guest id>` (1-32 of `A-Za-z0-9_`)",
  },
  {
    name: 'CHAT_SOCKET_URL',
    group: 'chat',
    default: 'unset',
    meaning:
      "A separate chat backend (the URL the member app's `VITE_CHAT_URL` names): its origin is allowed in the CSP's `connect-src`; unset, the chat socket is on this server's own origin",
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    group: 'push',
    default: 'demo: made once',
    meaning:
      "Web Push's VAPID public key (base64url; `npx web-push generate-vapid-keys` makes a pair). Set all three VAPID variables or none: none, demo mode makes a pair once and keeps it in the database, otherwise notifications are off and the server says so at start (docs/app.md)",
  },
  {
    name: 'VAPID_PRIVATE_KEY',
    group: 'push',
    default: 'demo: made once',
    meaning: "Web Push's VAPID private key (base64url)",
  },
  {
    name: 'VAPID_SUBJECT',
    group: 'push',
    default: 'demo: made once',
    meaning: 'Whom push services contact about this sender: a `mailto:` or `https:` URL',
  },
];

/**
 * Every variable the server reads (config.test.ts checks that loadConfig reads exactly these), the one source of
 * the README's configuration tables (`npm run docs:config -w apps/server` writes them; the same test fails when
 * they differ).
 */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [...SITE_VARIABLES, ...PARTY_VARIABLES];
/** Markers of the generated tables in README.md. */
export const CONFIG_TABLES_START =
  '<!-- configuration tables: generated from apps/server/src/config.variables.ts by `npm run docs:config -w apps/server` -->';
export const CONFIG_TABLES_END = '<!-- end of configuration tables -->';

/** The README's configuration: one table per group, in CONFIG_GROUPS' order. */
export function configTables(variables: readonly ConfigVariable[] = CONFIG_VARIABLES): string {
  const sections = Object.entries(CONFIG_GROUPS).map(([group, title]) => {
    const rows = variables
      .filter((variable) => variable.group === group)
      .map((variable) => `| \`${variable.name}\` | ${variable.default} | ${variable.meaning} |`);
    return [`#### ${title}`, '', '| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
  });
  return [CONFIG_TABLES_START, ...sections, CONFIG_TABLES_END].join('\n\n');
}
