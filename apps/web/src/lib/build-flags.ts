import { COUNTRIES, type Country, defaultLocaleFor, type Locale } from '@member-wallet/contract/constants';

export const GAME_LAUNCH_MODES = ['new-tab', 'same-tab'] as const;
export type GameLaunchMode = (typeof GAME_LAUNCH_MODES)[number];

export interface Env {
  country: Country;
  gameLaunch: GameLaunchMode;
  fpMinDeposit: number;
  /** Empty string: same origin. */
  apiBase: string;
  /** A separate chat backend for the widget's socket; empty string: the same origin as the API. */
  chatUrl: string;
  defaultLocale: Locale;
}

interface RawEnv {
  VITE_COUNTRY?: string;
  VITE_GAME_LAUNCH?: string;
  VITE_FP_MIN_DEPOSIT?: string;
  VITE_API_BASE?: string;
  VITE_CHAT_URL?: string;
}

function oneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/**
 * Reads the build flags and fails fast, naming every bad variable: the build itself stops on them
 * (vite.config.ts), so a wrong build never reaches a member with half-working behaviour.
 */
export function readEnv(raw: RawEnv): Env {
  const problems: string[] = [];
  const country = (raw.VITE_COUNTRY || 'TH').toUpperCase();
  if (!oneOf(COUNTRIES, country)) problems.push(`VITE_COUNTRY must be TH or LA, got "${raw.VITE_COUNTRY}"`);
  const gameLaunch = raw.VITE_GAME_LAUNCH || 'new-tab';
  if (!oneOf(GAME_LAUNCH_MODES, gameLaunch)) {
    problems.push(`VITE_GAME_LAUNCH must be new-tab or same-tab, got "${raw.VITE_GAME_LAUNCH}"`);
  }
  const fpMinDeposit = Number(raw.VITE_FP_MIN_DEPOSIT || '10');
  if (!Number.isFinite(fpMinDeposit) || fpMinDeposit <= 0 || fpMinDeposit > 1_000_000) {
    problems.push(`VITE_FP_MIN_DEPOSIT must be a positive number, got "${raw.VITE_FP_MIN_DEPOSIT}"`);
  }
  const apiBase = (raw.VITE_API_BASE || '').replace(/\/+$/, '');
  if (apiBase && !/^https?:\/\/[^\s/]+/.test(apiBase)) {
    problems.push(`VITE_API_BASE must be an http(s) URL or empty, got "${raw.VITE_API_BASE}"`);
  }
  const chatUrl = (raw.VITE_CHAT_URL || '').replace(/\/+$/, '');
  if (chatUrl && !/^(https?|wss?):\/\/[^\s/]+/.test(chatUrl)) {
    problems.push(`VITE_CHAT_URL must be an http(s) or ws(s) URL or empty, got "${raw.VITE_CHAT_URL}"`);
  }
  if (problems.length > 0) throw new Error(`Invalid build flags: ${problems.join('; ')}`);
  const validCountry = country as Country;
  return {
    country: validCountry,
    gameLaunch: gameLaunch as GameLaunchMode,
    fpMinDeposit,
    apiBase,
    chatUrl,
    defaultLocale: defaultLocaleFor(validCountry),
  };
}
