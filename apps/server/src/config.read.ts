import { createHash } from 'node:crypto';

/**
 * The environment's variables, read through `Reader` by loadConfig (config.ts): each parser reports a bad value by
 * the variable's name, and start-up stops with every problem listed.
 */

/** The development gift-link key, used when TRUELINK_KEY is unset (refused in production). */
export const DEV_TRUELINK_KEY: TruelinkKey = {
  id: 'dev',
  key: createHash('sha256').update('member-wallet-development-truelink-key').digest('base64'),
};

/** A gift-link key: its id (in every envelope) and 32 bytes of standard base64. */
export interface TruelinkKey {
  id: string;
  key: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const TRUE_WORDS = ['1', 'true', 'on', 'yes'];
const FALSE_WORDS = ['0', 'false', 'off', 'no'];

export class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  fail(name: string, expected: string, value: string): void {
    this.problems.push(`${name} must be ${expected} (got "${value}")`);
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!/^\d+$/.test(value) || parsed < min || parsed > max) {
      this.fail(name, `an integer ${min}-${max}`, value);
      return fallback;
    }
    return parsed;
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (TRUE_WORDS.includes(value.toLowerCase())) return true;
    if (FALSE_WORDS.includes(value.toLowerCase())) return false;
    this.fail(name, '1/true/on/yes or 0/false/off/no', value);
    return fallback;
  }

  oneOf<T extends string>(name: string, choices: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if ((choices as readonly string[]).includes(value)) return value as T;
    this.fail(name, `one of ${choices.join(', ')}`, value);
    return fallback;
  }

  url(name: string, protocols: readonly string[]): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    try {
      const url = new URL(value);
      if (protocols.includes(url.protocol)) return value;
    } catch {
      // Reported below.
    }
    this.fail(name, `a URL (${protocols.join(' or ')})`, value);
    return null;
  }
}

/** `GAME_PROVIDER_SECRETS`: `CODE=secret` pairs, comma-separated. */
export function readProviderSecrets(read: Reader): ReadonlyMap<string, string> {
  const secrets = new Map<string, string>();
  const value = read.raw('GAME_PROVIDER_SECRETS');
  for (const pair of value ? value.split(',') : []) {
    const at = pair.indexOf('=');
    const code = pair.slice(0, at).trim();
    const secret = pair.slice(at + 1).trim();
    if (at < 1 || !/^[A-Z0-9_]{1,32}$/.test(code) || secret === '') {
      read.fail('GAME_PROVIDER_SECRETS', 'CODE=secret pairs separated by commas', '...');
      break;
    }
    secrets.set(code, secret);
  }
  return secrets;
}

/** `TRUELINK_KEY`: `id:base64` pairs, comma-separated, each key 32 bytes; the first is the current one. */
export function readTruelinkKeys(read: Reader): TruelinkKey[] {
  const value = read.raw('TRUELINK_KEY');
  if (value === undefined) return [DEV_TRUELINK_KEY];
  const keys: TruelinkKey[] = [];
  for (const pair of value.split(',')) {
    const at = pair.indexOf(':');
    const id = pair.slice(0, at).trim();
    const key = pair.slice(at + 1).trim();
    const valid = /^[A-Za-z0-9_-]{1,16}$/.test(id) && /^[A-Za-z0-9+/]{43}=$/.test(key);
    if (!valid || keys.some((known) => known.id === id)) {
      // The value is a key: never echoed.
      read.fail('TRUELINK_KEY', 'id:key pairs (id of 1-16 A-Za-z0-9_-, key 32 bytes in base64), ids distinct', '...');
      return [DEV_TRUELINK_KEY];
    }
    keys.push({ id, key });
  }
  return keys;
}

/** The sandbox game provider's starting faults (its FaultBoard's; src/sandbox/games/faults.ts). */
export type GameFaultSetting = Partial<
  Record<'latencyMs' | 'errorRate' | 'timeoutRate' | 'appliedThenTimeoutRate' | 'lateApplyMs', number>
>;

/** `SANDBOX_GAME_FAULTS`, e.g. `latencyMs=50,errorRate=0.05,timeoutRate=0.01`: the board's starting faults. */
export function parseFaultsSetting(value: string | null): GameFaultSetting | string {
  if (!value) return {};
  const faults: GameFaultSetting = {};
  for (const part of value.split(',')) {
    const [name, raw] = part.split('=').map((piece) => piece.trim());
    const number = Number(raw);
    const known: string[] = ['latencyMs', 'errorRate', 'timeoutRate', 'appliedThenTimeoutRate', 'lateApplyMs'];
    if (!name || !known.includes(name) || raw === undefined || raw === '' || !Number.isFinite(number) || number < 0) {
      return `name=value pairs of ${known.join(', ')}`;
    }
    if (name.endsWith('Rate') && number > 1) return 'rates between 0 and 1';
    faults[name as keyof GameFaultSetting] = number;
  }
  return faults;
}

export function readGameFaults(read: Reader): string | null {
  const value = read.raw('SANDBOX_GAME_FAULTS') ?? null;
  const parsed = parseFaultsSetting(value);
  if (typeof parsed === 'string') read.fail('SANDBOX_GAME_FAULTS', parsed, value ?? '');
  return value;
}

/** `CHAT_GUEST_SECRET`: at least 32 characters, since it is an HMAC key; the value is never echoed. */
export function readChatGuestSecret(read: Reader): string | null {
  const value = read.raw('CHAT_GUEST_SECRET');
  if (value === undefined) return null;
  if (value.length >= 32) return value;
  read.fail('CHAT_GUEST_SECRET', 'at least 32 characters', '...');
  return null;
}
