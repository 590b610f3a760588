import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { redactUrl } from '../../lib/log-redaction.ts';
import { SecretBox } from '../../lib/secret-box.ts';

describe('game configuration', () => {
  it('reads provider secrets, time-out, credential key and sandbox faults', () => {
    const config = loadConfig({
      GAME_PROVIDER_SECRETS: 'PG=one, JOKER=two=with=equals',
      GAME_PROVIDER_TIMEOUT_MS: '2500',
      GAME_CREDENTIAL_KEY: 'k',
      TRANSFER_RECONCILE_INTERVAL_MS: '0',
      SANDBOX_GAME_FAULTS: 'latencyMs=10,errorRate=0.5',
    });
    expect([...config.games.providerSecrets]).toEqual([
      ['PG', 'one'],
      ['JOKER', 'two=with=equals'],
    ]);
    expect(config.games).toMatchObject({
      timeoutMs: 2500,
      credentialKey: 'k',
      reconcileIntervalMs: 0,
      sandboxFaults: 'latencyMs=10,errorRate=0.5',
    });
  });

  it('names each bad variable', () => {
    expect(() => loadConfig({ GAME_PROVIDER_SECRETS: 'pg' })).toThrow(/GAME_PROVIDER_SECRETS/);
    expect(() => loadConfig({ SANDBOX_GAME_FAULTS: 'errorRate=2' })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX_GAME_FAULTS: 'nonsense=1' })).toThrow(/SANDBOX_GAME_FAULTS/);
    expect(() => loadConfig({ GAME_PROVIDER_TIMEOUT_MS: '1' })).toThrow(/GAME_PROVIDER_TIMEOUT_MS/);
  });
});

describe('sealed game passwords', () => {
  it('opens what it sealed, with a fresh nonce each time, and refuses another key or a changed byte', () => {
    const box = new SecretBox('key-one');
    const sealed = box.seal('Pw-secret');
    expect(box.open(sealed)).toBe('Pw-secret');
    expect(box.seal('Pw-secret')).not.toBe(sealed);
    expect(() => new SecretBox('key-two').open(sealed)).toThrow();
    // The second-to-last character (the last may carry only padding bits), changed to one it is not.
    const at = sealed.length - 2;
    const tampered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(tampered).not.toBe(sealed);
    expect(() => box.open(tampered)).toThrow();
  });
});

describe('log redaction', () => {
  it('cuts secret path segments and game session queries', () => {
    expect(redactUrl('/api/autoLogin/imi/user/pass')).toBe('/api/autoLogin/[redacted]');
    expect(redactUrl('/api/AUTOLOGIN/pg/user')).toBe('/api/autoLogin/[redacted]');
    expect(redactUrl('/api/wallet/account/PG')).toBe('/api/wallet/account/[redacted]');
    expect(redactUrl('/sandbox/games/PG/accounts/pg123/launch')).toBe('/sandbox/games/PG/accounts/[redacted]/launch');
    expect(redactUrl('/sandbox/games/PG/play?session=abc')).toBe('/sandbox/games/PG/play?[redacted]');
    expect(redactUrl('/api/wallet')).toBe('/api/wallet');
  });
});
