import type { Insertable } from 'kysely';
import type { GameCategory, GameProvidersTable } from '../db/tables/games.table.ts';

/**
 * The demo catalogue (DESIGN.md section 7): every provider code the contract names (GAME_PROVIDER_CODES) plus a
 * few more, in the three categories, all backed by the sandbox provider. Logos and backgrounds are small SVGs
 * bundled under `apps/server/assets/games/`, served at `/media/games/`. Some app links are null on purpose,
 * so the client's disabled-button state shows.
 */
const DEMO_PROVIDERS: readonly [code: string, name: string, category: GameCategory][] = [
  ['PG', 'PG Soft', 'slot'],
  ['BETFLIX', 'Betflix', 'slot'],
  ['JOKER', 'Joker Gaming', 'slot'],
  ['SEXYGAME', 'Sexy Gaming', 'slot'],
  ['ASKMEBET', 'AskMeBet', 'slot'],
  ['UFABET', 'UFABET', 'sport'],
  ['SUPERSLOT', 'Superslot', 'slot'],
  ['SLOTXO', 'SlotXO', 'slot'],
  ['IMI', 'IMI Sport', 'sport'],
  ['USUN', 'USUN Sport', 'sport'],
  ['AREASLOT', 'Area Slot', 'slot'],
  ['CIRCUS', 'Circus', 'slot'],
  ['SLOTRACHA', 'Slotracha', 'slot'],
  ['PGSLOT', 'PG Slot', 'slot'],
  ['JOKER2', 'Joker 2', 'slot'],
  ['HUAYHD', 'Huay HD', 'lotto'],
  ['SBOBET', 'SBOBET', 'sport'],
  ['SABA', 'SABA Sports', 'sport'],
  ['LOTTOVIP', 'Lotto VIP', 'lotto'],
  ['RUAYLOTTO', 'Ruay Lotto', 'lotto'],
];

export const DEMO_PROVIDER_CODES = DEMO_PROVIDERS.map(([code]) => code);

export function demoProviderRows(): Insertable<GameProvidersTable>[] {
  return DEMO_PROVIDERS.map(([code, name, category], index) => {
    const lower = code.toLowerCase();
    return {
      code,
      name,
      category,
      logo: `/media/games/logo-${lower}.svg`,
      background: `/media/games/bg-${category}.svg`,
      ft_wallet_slot_bp: 10_000,
      // Web launches go through the auto-login link; a direct web lobby exists only for a few.
      web: index % 3 === 0 ? `https://example.com/${lower}/lobby` : null,
      android: index % 2 === 0 ? `https://example.com/${lower}/app.apk` : null,
      ios: index % 4 === 0 ? `https://example.com/${lower}/ios` : null,
      adapter: 'sandbox',
      api_base_url: null,
      active: true,
      sort_order: index,
    };
  });
}

/** Adds the demo providers that are missing; never changes an existing row (an operator may have edited it). */
export function seedGameCatalogue(repository: {
  insertProviders(rows: Insertable<GameProvidersTable>[]): Promise<void>;
}): Promise<void> {
  return repository.insertProviders(demoProviderRows());
}
