import { readFileSync } from 'node:fs';
import { expect } from './fixtures.ts';

/** The back-office's languages (Lao is optional there and not built). */
export const OPERATOR_LOCALES = ['th', 'en'] as const;
export type OperatorLocale = (typeof OPERATOR_LOCALES)[number];

type Catalogue = Record<string, unknown>;
const catalogues = Object.fromEntries(
  OPERATOR_LOCALES.map((locale) => [
    locale,
    JSON.parse(
      readFileSync(new URL(`../apps/backoffice/src/i18n/${locale}.json`, import.meta.url), 'utf8'),
    ) as Catalogue,
  ]),
) as Record<OperatorLocale, Catalogue>;

/** A back-office text of `key` in `locale`, with `{{name}}` values filled in. */
export function operatorText(locale: OperatorLocale, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogues[locale]);
  if (typeof found !== 'string') throw new Error(`no back-office text ${key} in ${locale}`);
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** A JSON call to the server that must succeed; its answer. */
export async function call<T>(base: string, method: string, path: string, body?: unknown, headers = {}): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.text();
  expect(response.ok, `${method} ${path}: ${response.status} ${answer}`).toBe(true);
  return JSON.parse(answer) as T;
}
