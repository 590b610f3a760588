import type { GameProvider } from '../../adapters/games/game-provider.ts';
import { HttpGameProvider } from '../../adapters/games/http.ts';
import type { GameProviderRow } from '../../db/tables/games.table.ts';

export interface ProviderRegistryOptions {
  /** The base URL of the server serving /sandbox/games (this one, known after listen, unless configured). */
  sandboxBaseUrl: () => string;
  sandboxSecret: string;
  /** Per provider code, the HMAC secret of a real provider (`GAME_PROVIDER_SECRETS`). */
  secrets: ReadonlyMap<string, string>;
  timeoutMs: number;
}

/**
 * The GameProvider for a catalogue row. Both kinds use the same HTTP adapter: a real provider at its
 * `api_base_url` with its own secret, and the sandbox over real HTTP at `/sandbox/games/{code}` of this server
 * or of the provider host named by SANDBOX_GAMES_BASE_URL.
 */
export class ProviderRegistry {
  readonly #adapters = new Map<string, GameProvider>();

  constructor(private readonly options: ProviderRegistryOptions) {}

  /** The adapter, or undefined when the provider is not reachable as configured (no URL or no secret). */
  for(provider: GameProviderRow): GameProvider | undefined {
    const cached = this.#adapters.get(provider.code);
    if (cached) return cached;
    const adapter = this.create(provider);
    if (adapter) this.#adapters.set(provider.code, adapter);
    return adapter;
  }

  private create(provider: GameProviderRow): GameProvider | undefined {
    const { sandboxBaseUrl, sandboxSecret, secrets, timeoutMs } = this.options;
    const code = encodeURIComponent(provider.code);
    if (provider.adapter === 'sandbox') {
      return new HttpGameProvider({
        baseUrl: () => `${sandboxBaseUrl()}/sandbox/games/${code}`,
        secret: sandboxSecret,
        timeoutMs,
      });
    }
    const secret = secrets.get(provider.code);
    const base = provider.api_base_url?.replace(/\/+$/, '');
    if (!secret || !base) return undefined;
    return new HttpGameProvider({ baseUrl: () => base, secret, timeoutMs });
  }
}
