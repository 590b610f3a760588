import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docSection } from '../test/doc-section.ts';
import { CONFIG_VARIABLES, ConfigError, DEV_TRUELINK_KEY, loadConfig, SANDBOX_SMS_API_KEY } from './config.ts';
import { CONFIG_GROUPS, CONFIG_TABLES_END, CONFIG_TABLES_START, configTables } from './config.variables.ts';

/** A production configuration that starts: keys of its own, every secret set. */
const PRODUCTION = {
  NODE_ENV: 'production',
  GAME_CREDENTIAL_KEY: 'a-real-game-credential-key',
  OPERATOR_SECRET_KEY: 'a-real-operator-secret-key',
  TRUELINK_KEY: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
  SLIP_URL_SECRET: 'a-real-slip-url-secret',
  METRICS_TOKEN: 'a-real-metrics-token',
};

/** The message a configuration that must not start is refused with. */
function productionProblems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      demo: true,
      sandbox: true,
      country: 'TH',
      server: { port: 8080, host: '127.0.0.1', logLevel: 'info', trustProxy: false },
      database: { dataDir: './data', url: null },
      redis: { url: null },
      demoMember: { phone: '0812345678', password: 'demo1234' },
      sms: { apiKey: SANDBOX_SMS_API_KEY },
      sessions: { ttlHours: 12, rememberTtlDays: 30 },
    });
    expect(config.server.publicDir.replaceAll('\\', '/')).toMatch(/apps\/web\/dist$/);
    expect(config.server.mediaDir.replaceAll('\\', '/')).toMatch(/apps\/server\/assets$/);
  });

  it('reads a relative PUBLIC_DIR or BACKOFFICE_DIR from the working directory, as a newcomer means it', () => {
    // Unresolved, the static files plugin refused the relative path with a stack trace at start (issue 41, 17).
    const config = loadConfig({ PUBLIC_DIR: 'apps/web/dist', BACKOFFICE_DIR: './apps/backoffice/dist' });
    expect(config.server.publicDir).toBe(resolve('apps/web/dist'));
    expect(config.server.backofficeDir).toBe(resolve('apps/backoffice/dist'));
    expect(loadConfig({ PUBLIC_DIR: '/srv/web' }).server.publicDir).toBe(resolve('/srv/web'));
  });

  it('turns demo data, the sandbox and the API docs off in production', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({
      demo: false,
      sandbox: false,
      sms: { apiKey: null },
      server: { apiDocs: false },
    });
    expect(loadConfig({ ...PRODUCTION, API_DOCS: '1' }).server.apiDocs).toBe(true);
    expect(loadConfig({}).server.apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '0' }).server.apiDocs).toBe(false);
    expect(loadConfig({ DEMO: '1', SANDBOX: 'off' })).toMatchObject({ demo: true, sandbox: false });
  });

  it('refuses to start in production with the development keys, naming each one', () => {
    const message = productionProblems({ NODE_ENV: 'production' });
    for (const name of ['GAME_CREDENTIAL_KEY', 'OPERATOR_SECRET_KEY', 'TRUELINK_KEY', 'SLIP_URL_SECRET']) {
      expect(message).toContain(name);
    }
    // Set to the development values themselves: refused just the same.
    const spelledOut = productionProblems({
      ...PRODUCTION,
      GAME_CREDENTIAL_KEY: 'member-wallet-development-game-credential-key',
      OPERATOR_SECRET_KEY: 'member-wallet-development-operator-secret-key',
      TRUELINK_KEY: `new:${Buffer.alloc(32, 5).toString('base64')},dev:${DEV_TRUELINK_KEY.key}`,
    });
    for (const name of ['GAME_CREDENTIAL_KEY', 'OPERATOR_SECRET_KEY', 'TRUELINK_KEY'])
      expect(spelledOut).toContain(name);
    expect(spelledOut).not.toContain('SLIP_URL_SECRET');
  });

  it('refuses to start in production with /metrics open to anyone (issue 39, finding 9)', () => {
    const { METRICS_TOKEN: _token, ...open } = PRODUCTION;
    expect(productionProblems(open)).toMatch(/METRICS_TOKEN must be set in production/);
    // Outside production an unset token leaves it open, for a developer's own machine.
    expect(loadConfig({}).server.metricsToken).toBeNull();
    expect(loadConfig(PRODUCTION).server.metricsToken).toBe('a-real-metrics-token');
  });

  it('refuses to start in production with the sandbox or the demo data on', () => {
    expect(productionProblems({ ...PRODUCTION, SANDBOX: '1' })).toMatch(/SANDBOX must be off in production/);
    const demo = productionProblems({ ...PRODUCTION, DEMO: '1' });
    // DEMO=1 turns the sandbox on as well: both named.
    expect(demo).toMatch(/DEMO must be off in production/);
    expect(demo).toMatch(/SANDBOX must be off in production/);
  });

  it("refuses to start in production with any sandbox party's secret, naming every one at once", () => {
    const message = productionProblems({
      ...PRODUCTION,
      SMS_API_KEY: 'sandbox-sms-key',
      PAYOUT_SECRET: 'sandbox-payout-secret',
      BANK_FEED_SECRET: 'sandbox-bank-feed-secret',
      VOUCHER_SECRET: 'sandbox-voucher-secret',
      SLIPOK_API_KEY: 'sandbox-slipok-key',
      GAME_PROVIDER_SECRETS: 'PG=real-one,JOKER=sandbox-game-secret',
      PAYMENT_GATEWAYS: 'KBANK=https://kbank.example,WW=https://ww.example',
      PAYMENT_GATEWAY_SECRETS: 'KBANK=real,WW=sandbox-payment-secret-ww',
    });
    for (const name of [
      'SMS_API_KEY',
      'PAYOUT_SECRET',
      'BANK_FEED_SECRET',
      'VOUCHER_SECRET',
      'SLIPOK_API_KEY',
      'GAME_PROVIDER_SECRETS (JOKER)',
      'PAYMENT_GATEWAY_SECRETS (WW)',
    ]) {
      expect(message).toContain(name);
    }
    expect(message).not.toContain('KBANK');
    expect(message).not.toContain('PG)');
    // Secrets are named, never echoed.
    expect(message).not.toContain('sandbox-');
    // Outside production the same values are the sandbox's own: accepted.
    expect(() => loadConfig({ PAYOUT_SECRET: 'sandbox-payout-secret', SANDBOX: '1' })).not.toThrow();
  });

  it('stops on a bad value, naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      new ConfigError('Invalid configuration: PORT must be an integer 1-65535 (got "abc")'),
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ PORT: '0' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ COUNTRY: 'VN' })).toThrow(/COUNTRY must be one of TH, LA \(got "VN"\)/);
    expect(() => loadConfig({ DEMO: 'maybe' })).toThrow(/DEMO must be/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
    expect(() => loadConfig({ SESSION_TTL_HOURS: '0' })).toThrow(/SESSION_TTL_HOURS must be an integer/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', TRUST_PROXY: 'perhaps' })).toThrow(/PORT .*; TRUST_PROXY/);
  });

  it('reads the Laos build and PostgreSQL/Redis URLs', () => {
    const config = loadConfig({
      COUNTRY: 'LA',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(config).toMatchObject({ country: 'LA', redis: { url: 'redis://127.0.0.1:6379' } });
    expect(config.database.url).toBe('postgres://postgres@127.0.0.1:5432/x');
  });

  it('runs the jobs on pg-boss with PostgreSQL and in-process on the embedded database, never pg-boss without PostgreSQL', () => {
    const postgres = 'postgres://postgres@127.0.0.1:5432/x';
    expect(loadConfig({ DATABASE_URL: postgres }).jobs.runner).toBe('pg-boss');
    expect(loadConfig({ DATABASE_URL: postgres, JOB_RUNNER: 'in-process' }).jobs.runner).toBe('in-process');
    expect(loadConfig({}).jobs.runner).toBe('in-process');
    expect(() => loadConfig({ JOB_RUNNER: 'pg-boss' })).toThrow(
      /JOB_RUNNER must be in-process without DATABASE_URL \(got "pg-boss"\)/,
    );
    expect(() => loadConfig({ JOB_RUNNER: 'cron' })).toThrow(/JOB_RUNNER must be one of pg-boss, in-process/);
  });

  it('stores uploads in S3-compatible storage with the bucket, region and keys all set, and names what is missing', () => {
    expect(loadConfig({}).uploads.s3).toBeNull();
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'member-wallet-uploads',
      S3_REGION: 'ap-southeast-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).uploads.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'member-wallet-uploads',
      region: 'ap-southeast-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ ...s3, S3_ENDPOINT: '' }).uploads.s3?.endpoint).toBeNull();
    expect(() => loadConfig({ S3_BUCKET: 'uploads' })).toThrow(
      /S3_REGION must be set with the other S3_\* variables \(or none\); S3_ACCESS_KEY_ID must be set.*; S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Uploads_1' })).toThrow(/S3_BUCKET must be an S3 bucket name/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT must be a URL/);
  });

  it('reads the QR payment gateways, each with its secret, and refuses unknown codes or a missing secret', () => {
    const config = loadConfig({
      PAYMENT_GATEWAYS: 'KBANK=https://kbank.example/qr,WW=http://ww.example',
      PAYMENT_GATEWAY_SECRETS: 'KBANK=s1,WW=s2',
    });
    expect([...config.qr.gateways]).toEqual([
      ['KBANK', { adapter: 'http', baseUrl: 'https://kbank.example/qr', secret: 's1' }],
      ['WW', { adapter: 'http', baseUrl: 'http://ww.example', secret: 's2' }],
    ]);
    expect(config.qr).toMatchObject({ expiryMinutes: 10, settleIntervalMs: 30_000, gatewayTimeoutMs: 10_000 });
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'KBANK=https://kbank.example' })).toThrow(/PAYMENT_GATEWAY_SECRETS/);
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'SCB=https://x', PAYMENT_GATEWAY_SECRETS: 'SCB=s' })).toThrow(
      /PAYMENT_GATEWAYS must be CODE=value pairs/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'WW=ftp://x', PAYMENT_GATEWAY_SECRETS: 'WW=s' })).toThrow(
      /PAYMENT_GATEWAYS must be http\(s\) base URLs/,
    );
    expect(() => loadConfig({ QR_EXPIRY_MINUTES: '0' })).toThrow(/QR_EXPIRY_MINUTES must be an integer/);
    expect(() => loadConfig({ CHAT_GUEST_SECRET: 'short' })).toThrow(/CHAT_GUEST_SECRET must be at least 32/);
    expect(() => loadConfig({ CHAT_PREFIX: 'chat room' })).toThrow(/CHAT_PREFIX must be/);
    expect(() => loadConfig({ CHAT_SOCKET_URL: 'ftp://chat.example.test' })).toThrow(/CHAT_SOCKET_URL must be a URL/);
  });

  it('chooses the slip verifier: the sandbox with SANDBOX on, a vendor when named with its keys, else none', () => {
    expect(loadConfig({}).slips.verifier).toEqual({ vendor: 'sandbox' });
    expect(loadConfig({ SANDBOX: '0' }).slips.verifier).toEqual({ vendor: null });
    expect(loadConfig({ SANDBOX: '0', SLIPOK_API_KEY: 'k', SLIPOK_BRANCH_ID: '1' }).slips.verifier).toEqual({
      vendor: null,
    });
    const slipok = { SLIP_VERIFIER: 'slipok', SLIPOK_BRANCH_ID: '12345', SLIPOK_API_KEY: 'SLIPOKKEY' };
    expect(loadConfig(slipok).slips.verifier).toEqual({
      vendor: 'slipok',
      baseUrl: 'https://api.slipok.com',
      branchId: '12345',
      apiKey: 'SLIPOKKEY',
    });
    expect(loadConfig({ ...slipok, SLIPOK_BASE_URL: 'https://slipok.example/proxy/' }).slips.verifier).toMatchObject({
      baseUrl: 'https://slipok.example/proxy',
    });
    expect(loadConfig({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'uuid-key' }).slips.verifier).toEqual({
      vendor: 'easyslip',
      baseUrl: 'https://api.easyslip.com/v2',
      apiKey: 'uuid-key',
    });
    expect(
      loadConfig({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'k', EASYSLIP_BASE_URL: 'http://127.0.0.1:9/v2' }).slips
        .verifier,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:9/v2' });
  });

  it('refuses to start with a chosen slip verifier missing its keys, naming them (never their values)', () => {
    expect(() => loadConfig({ SLIP_VERIFIER: 'slipok' })).toThrow(
      /SLIP_VERIFIER=slipok needs SLIPOK_BRANCH_ID and SLIPOK_API_KEY/,
    );
    expect(() => loadConfig({ SLIP_VERIFIER: 'slipok', SLIPOK_API_KEY: 'secret-key' })).toThrow(
      /SLIP_VERIFIER=slipok needs SLIPOK_BRANCH_ID \(/,
    );
    expect(() => loadConfig({ SLIP_VERIFIER: 'slipok', SLIPOK_BRANCH_ID: '1' })).toThrow(
      /SLIP_VERIFIER=slipok needs SLIPOK_API_KEY \(/,
    );
    expect(() => loadConfig({ SLIP_VERIFIER: 'easyslip' })).toThrow(/SLIP_VERIFIER=easyslip needs EASYSLIP_API_KEY/);
    expect(() => loadConfig({ SLIP_VERIFIER: 'sandbox', SANDBOX: '0' })).toThrow(
      /SLIP_VERIFIER=sandbox needs SANDBOX on/,
    );
    expect(() => loadConfig({ SLIP_VERIFIER: 'paypal' })).toThrow(
      /SLIP_VERIFIER must be one of sandbox, slipok, easyslip \(got "paypal"\)/,
    );
    expect(() =>
      loadConfig({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'k', EASYSLIP_BASE_URL: 'ftp://x' }),
    ).toThrow(/EASYSLIP_BASE_URL must be a URL/);
    expect(() => loadConfig({ SLIPOK_BASE_URL: 'not a url' })).toThrow(/SLIPOK_BASE_URL must be a URL/);
    try {
      loadConfig({ SLIP_VERIFIER: 'slipok', SLIPOK_API_KEY: 'secret-key' });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret-key');
    }
  });

  it('reads a gateway that names a vendor adapter (kbank:URL) with its KBANK_ credentials, beside the HMAC form', () => {
    const kbank = {
      KBANK_CONSUMER_ID: 'consumer-id',
      KBANK_CONSUMER_SECRET: 'consumer-secret',
      KBANK_PARTNER_ID: 'PTR1051673',
      KBANK_PARTNER_SECRET: 'd4bded59200547bc85903574a293831b',
      KBANK_MERCHANT_ID: 'KB102057149704',
    };
    const config = loadConfig({
      ...kbank,
      PAYMENT_GATEWAYS: 'KBANK=kbank:https://openapi.kasikornbank.com,WW=https://ww.example',
      PAYMENT_GATEWAY_SECRETS: 'WW=s2',
      KBANK_TERMINAL_ID: '09000107',
      KBANK_TLS_CERT_FILE: '/etc/kbank/client.crt',
      KBANK_TLS_KEY_FILE: '/etc/kbank/client.key',
    });
    expect([...config.qr.gateways]).toEqual([
      [
        'KBANK',
        {
          adapter: 'kbank',
          baseUrl: 'https://openapi.kasikornbank.com',
          kbank: {
            consumerId: 'consumer-id',
            consumerSecret: 'consumer-secret',
            partnerId: 'PTR1051673',
            partnerSecret: 'd4bded59200547bc85903574a293831b',
            merchantId: 'KB102057149704',
            terminalId: '09000107',
            tlsCertFile: '/etc/kbank/client.crt',
            tlsKeyFile: '/etc/kbank/client.key',
          },
        },
      ],
      ['WW', { adapter: 'http', baseUrl: 'https://ww.example', secret: 's2' }],
    ]);
    // Any code may name the adapter; the terminal and the client certificate are optional.
    const fp = loadConfig({ ...kbank, PAYMENT_GATEWAYS: 'FP=kbank:http://127.0.0.1:9000' }).qr.gateways.get('FP');
    expect(fp).toMatchObject({ adapter: 'kbank', baseUrl: 'http://127.0.0.1:9000' });
    expect(fp?.adapter === 'kbank' && fp.kbank).toMatchObject({
      terminalId: null,
      tlsCertFile: null,
      tlsKeyFile: null,
    });

    const gateways = { PAYMENT_GATEWAYS: 'KBANK=kbank:https://openapi.kasikornbank.com' };
    const missing = productionProblems({ ...gateways, KBANK_CONSUMER_ID: 'only-this' });
    for (const name of ['KBANK_CONSUMER_SECRET', 'KBANK_PARTNER_ID', 'KBANK_PARTNER_SECRET', 'KBANK_MERCHANT_ID']) {
      expect(missing).toContain(name);
    }
    expect(missing).not.toContain('KBANK_CONSUMER_ID must');
    expect(() => loadConfig({ ...kbank, ...gateways, PAYMENT_GATEWAY_SECRETS: 'KBANK=s' })).toThrow(
      /PAYMENT_GATEWAY_SECRETS must be .*no secret for a gateway of a vendor adapter \(KBANK\)/,
    );
    expect(() => loadConfig({ ...kbank, PAYMENT_GATEWAYS: 'KBANK=scb:https://x.example' })).toThrow(
      /PAYMENT_GATEWAYS must be .*adapter kbank/,
    );
    expect(() => loadConfig({ ...kbank, PAYMENT_GATEWAYS: 'KBANK=kbank:ftp://x.example' })).toThrow(
      /PAYMENT_GATEWAYS must be http\(s\) base URLs/,
    );
    expect(() => loadConfig({ ...kbank, ...gateways, KBANK_TLS_CERT_FILE: '/c.crt' })).toThrow(
      /KBANK_TLS_KEY_FILE must be set with KBANK_TLS_CERT_FILE/,
    );
    expect(() => loadConfig({ ...kbank, ...gateways, KBANK_PARTNER_ID: 'P'.repeat(11) })).toThrow(
      /KBANK_PARTNER_ID must be at most 10 characters/,
    );
    // Secrets are named, never echoed.
    expect(missing).not.toContain('only-this');
  });

  it('reads the chat settings', () => {
    expect(loadConfig({}).chat).toEqual({ guestSecret: null, prefix: 'chat', socketUrl: null });
    expect(loadConfig({ CHAT_SOCKET_URL: 'wss://chat.example.test' }).chat.socketUrl).toBe('wss://chat.example.test');
    const secret = 'x'.repeat(32);
    expect(loadConfig({ CHAT_GUEST_SECRET: secret, CHAT_PREFIX: 'support' }).chat).toMatchObject({
      guestSecret: secret,
      prefix: 'support',
    });
  });

  it('reads the VAPID keys of Web Push: all three or none, an unset set leaves them to the demo or off', () => {
    expect(loadConfig({}).vapid).toBeNull();
    const keys = {
      VAPID_PUBLIC_KEY: 'B'.repeat(87),
      VAPID_PRIVATE_KEY: 'p'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@example.test',
    };
    expect(loadConfig(keys).vapid).toEqual({
      publicKey: 'B'.repeat(87),
      privateKey: 'p'.repeat(43),
      subject: 'mailto:ops@example.test',
    });
    const partial = () => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY });
    expect(partial).toThrow(/VAPID_PRIVATE_KEY/);
    expect(partial).toThrow(/VAPID_SUBJECT/);
    expect(() => loadConfig({ ...keys, VAPID_SUBJECT: 'ops@example.test' })).toThrow(/VAPID_SUBJECT must be/);
    expect(() => loadConfig({ ...keys, VAPID_PUBLIC_KEY: 'not/base64url' })).toThrow(/VAPID_PUBLIC_KEY must be/);
  });

  it('reads exactly the variables CONFIG_VARIABLES lists, whichever parties are configured', () => {
    const read = new Set<string>();
    const watched = (env: Record<string, string>) =>
      new Proxy(env, {
        get: (target, name) => {
          if (typeof name === 'string') read.add(name);
          return target[name as keyof typeof target];
        },
      });
    const parties: Record<string, string>[] = [
      {},
      PRODUCTION,
      { PAYMENT_GATEWAYS: 'KBANK=kbank:https://kbank.example', KBANK_CONSUMER_ID: 'c', KBANK_CONSUMER_SECRET: 's' },
      { SLIP_VERIFIER: 'slipok', SLIPOK_BRANCH_ID: '1', SLIPOK_API_KEY: 'k' },
      { SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'k' },
      { S3_BUCKET: 'b', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' },
    ];
    for (const env of parties) {
      try {
        loadConfig(watched(env));
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
      }
    }
    expect([...read].toSorted()).toEqual(CONFIG_VARIABLES.map((variable) => variable.name).toSorted());
  });

  it('shows in the README the tables CONFIG_VARIABLES makes (npm run docs:config -w apps/server writes them)', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(docSection(readme, CONFIG_TABLES_START, CONFIG_TABLES_END)).toBe(configTables());
    for (const variable of CONFIG_VARIABLES) expect(Object.keys(CONFIG_GROUPS)).toContain(variable.group);
  });
});
