import { API } from '@member-wallet/contract/api-paths';
import { request } from './http.ts';

interface Schema<T> {
  parse(data: unknown): T;
}

/** Lookups are localized by Accept-Language, so their cache key carries the locale. */
export function lookupQueryKey(name: string, locale: string) {
  return ['lookup', name, locale] as const;
}

export function fetchLookup<T>(name: string, schema: Schema<T>): Promise<T> {
  return request(API.lookup(name), { schema });
}
