import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, SANDBOX_SMS_API_KEY } from './config.ts';

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

  it('turns demo data and the sandbox off in production unless DEMO=1 is explicit', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ demo: false, sandbox: false, smsApiKey: null });
    expect(loadConfig({ NODE_ENV: 'production', DEMO: '1' })).toMatchObject({ demo: true, sandbox: true });
    expect(loadConfig({ DEMO: '1', SANDBOX: 'off' })).toMatchObject({ demo: true, sandbox: false });
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

  it('reads the QR payment gateways, each with its secret, and refuses unknown codes or a missing secret', () => {
    const config = loadConfig({
      PAYMENT_GATEWAYS: 'KBANK=https://kbank.example/qr,WW=http://ww.example',
      PAYMENT_GATEWAY_SECRETS: 'KBANK=s1,WW=s2',
    });
    expect([...config.paymentGateways]).toEqual([
      ['KBANK', { baseUrl: 'https://kbank.example/qr', secret: 's1' }],
      ['WW', { baseUrl: 'http://ww.example', secret: 's2' }],
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

  it('reads the chat settings', () => {
    expect(loadConfig({})).toMatchObject({ chatGuestSecret: null, chatPrefix: 'chat', chatSocketUrl: null });
    expect(loadConfig({ CHAT_SOCKET_URL: 'wss://chat.example.test' }).chatSocketUrl).toBe('wss://chat.example.test');
    const secret = 'x'.repeat(32);
    expect(loadConfig({ CHAT_GUEST_SECRET: secret, CHAT_PREFIX: 'support' })).toMatchObject({
      chatGuestSecret: secret,
      chatPrefix: 'support',
    });
  });

  it('documents in the README exactly the variables the server reads', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\|\s*`([A-Z_]+)`\s*\|/gm)].map((match) => match[1]);
    const known = CONFIG_VARIABLES.map((variable) => variable.name);
    expect(documented.toSorted()).toEqual(known.toSorted());
  });
});
