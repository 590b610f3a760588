import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, DEV_TRUELINK_KEY, loadConfig, SANDBOX_SMS_API_KEY } from './config.ts';

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
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: null,
      redisUrl: null,
      demo: true,
      sandbox: true,
      logLevel: 'info',
      country: 'TH',
      demoPhone: '0812345678',
      demoPassword: 'demo1234',
      smsApiKey: SANDBOX_SMS_API_KEY,
      sessionTtlHours: 12,
      rememberTtlDays: 30,
      trustProxy: false,
    });
    expect(config.publicDir.replaceAll('\\', '/')).toMatch(/apps\/web\/dist$/);
    expect(config.mediaDir.replaceAll('\\', '/')).toMatch(/apps\/server\/assets$/);
  });

  it('turns demo data, the sandbox and the API docs off in production', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({ demo: false, sandbox: false, smsApiKey: null, apiDocs: false });
    expect(loadConfig({ ...PRODUCTION, API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: '0' }).apiDocs).toBe(false);
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
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig(PRODUCTION).metricsToken).toBe('a-real-metrics-token');
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
    expect(config).toMatchObject({ country: 'LA', redisUrl: 'redis://127.0.0.1:6379' });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/x');
  });

  it('runs the jobs on pg-boss with PostgreSQL and in-process on the embedded database, never pg-boss without PostgreSQL', () => {
    const postgres = 'postgres://postgres@127.0.0.1:5432/x';
    expect(loadConfig({ DATABASE_URL: postgres }).jobRunner).toBe('pg-boss');
    expect(loadConfig({ DATABASE_URL: postgres, JOB_RUNNER: 'in-process' }).jobRunner).toBe('in-process');
    expect(loadConfig({}).jobRunner).toBe('in-process');
    expect(() => loadConfig({ JOB_RUNNER: 'pg-boss' })).toThrow(
      /JOB_RUNNER must be in-process without DATABASE_URL \(got "pg-boss"\)/,
    );
    expect(() => loadConfig({ JOB_RUNNER: 'cron' })).toThrow(/JOB_RUNNER must be one of pg-boss, in-process/);
  });

  it('stores uploads in S3-compatible storage with the bucket, region and keys all set, and names what is missing', () => {
    expect(loadConfig({}).s3).toBeNull();
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'member-wallet-uploads',
      S3_REGION: 'ap-southeast-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'member-wallet-uploads',
      region: 'ap-southeast-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ ...s3, S3_ENDPOINT: '' }).s3?.endpoint).toBeNull();
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
    expect([...config.paymentGateways]).toEqual([
      ['KBANK', { adapter: 'http', baseUrl: 'https://kbank.example/qr', secret: 's1' }],
      ['WW', { adapter: 'http', baseUrl: 'http://ww.example', secret: 's2' }],
    ]);
    expect(config).toMatchObject({ qrExpiryMinutes: 10, qrSettleIntervalMs: 30_000, paymentGatewayTimeoutMs: 10_000 });
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
    expect(loadConfig({}).slipVerifier).toEqual({ vendor: 'sandbox' });
    expect(loadConfig({ SANDBOX: '0' }).slipVerifier).toEqual({ vendor: null });
    expect(loadConfig({ SANDBOX: '0', SLIPOK_API_KEY: 'k', SLIPOK_BRANCH_ID: '1' }).slipVerifier).toEqual({
      vendor: null,
    });
    const slipok = { SLIP_VERIFIER: 'slipok', SLIPOK_BRANCH_ID: '12345', SLIPOK_API_KEY: 'SLIPOKKEY' };
    expect(loadConfig(slipok).slipVerifier).toEqual({
      vendor: 'slipok',
      baseUrl: 'https://api.slipok.com',
      branchId: '12345',
      apiKey: 'SLIPOKKEY',
    });
    expect(loadConfig({ ...slipok, SLIPOK_BASE_URL: 'https://slipok.example/proxy/' }).slipVerifier).toMatchObject({
      baseUrl: 'https://slipok.example/proxy',
    });
    expect(loadConfig({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'uuid-key' }).slipVerifier).toEqual({
      vendor: 'easyslip',
      baseUrl: 'https://api.easyslip.com/v2',
      apiKey: 'uuid-key',
    });
    expect(
      loadConfig({ SLIP_VERIFIER: 'easyslip', EASYSLIP_API_KEY: 'k', EASYSLIP_BASE_URL: 'http://127.0.0.1:9/v2' })
        .slipVerifier,
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
    expect([...config.paymentGateways]).toEqual([
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
    const fp = loadConfig({ ...kbank, PAYMENT_GATEWAYS: 'FP=kbank:http://127.0.0.1:9000' }).paymentGateways.get('FP');
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
    expect(loadConfig({})).toMatchObject({ chatGuestSecret: null, chatPrefix: 'chat', chatSocketUrl: null });
    expect(loadConfig({ CHAT_SOCKET_URL: 'wss://chat.example.test' }).chatSocketUrl).toBe('wss://chat.example.test');
    const secret = 'x'.repeat(32);
    expect(loadConfig({ CHAT_GUEST_SECRET: secret, CHAT_PREFIX: 'support' })).toMatchObject({
      chatGuestSecret: secret,
      chatPrefix: 'support',
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

  it('documents in the README exactly the variables the server reads', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/gm)].map((match) => match[1]);
    const known = CONFIG_VARIABLES.map((variable) => variable.name);
    expect(documented.toSorted()).toEqual(known.toSorted());
  });
});
