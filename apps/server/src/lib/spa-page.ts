import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_COOKIE, LOCALES, type Locale } from '@member-wallet/contract/constants';

/**
 * The SPA's index.html, with the catalogue preload, `<html lang>` and web app manifest of the reader's language
 * (docs/decisions/0009). The build preloads the default language's catalogue; a reader of another language
 * would download both and wait for theirs until the entry had run. The client mirrors its language into the
 * `locale` cookie, and this swaps the preload for that language's chunk.
 */
export interface SpaPage {
  /**
   * The page for `path`: member pages (under /user) also preload the member texts (docs/decisions/0012).
   * `sandbox`: a party answers from its sandbox, said as `<html data-sandbox="true">` so that the app's SANDBOX
   * mark is there from the first paint instead of pushing the page down when the info lookup answers.
   */
  html(cookieHeader: string | undefined, path?: string, options?: { sandbox?: boolean }): string;
}

function markSandbox(html: string, sandbox: boolean | undefined): string {
  return sandbox ? html.replace(/<html lang="([a-z]+)"/, '<html lang="$1" data-sandbox="true"') : html;
}

const CATALOGUE_KEY = /^src\/i18n\/([a-z]{2})\.json$/;
const MEMBER_CATALOGUE_KEY = /^src\/i18n\/member\/([a-z]{2})\.json$/;

function isMemberPath(path: string | undefined): boolean {
  return path === '/user' || (path?.startsWith('/user/') ?? false);
}

function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && (LOCALES as readonly string[]).includes(value);
}

export function localeFromCookie(header: string | undefined): Locale | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLocale(value)) return value;
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `/user/home/` and `/user/home?x` are `/user/home`. */
function pagePath(path: string | undefined): string {
  const bare = (path ?? '/').split('?')[0] ?? '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/**
 * The lazy chunks each first page renders with, by path, as the web build lists them in
 * `.vite/route-preloads.json` (apps/web/scripts/route-preloads.mjs): preloaded, they download beside the entry
 * instead of once it has run (docs/decisions/0027). Empty when the build has no such file.
 */
function readRoutePreloads(publicDir: string): Map<string, string> {
  const path = join(publicDir, '.vite', 'route-preloads.json');
  if (!existsSync(path)) return new Map();
  const table = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string[]>;
  return new Map(
    Object.entries(table).map(([route, files]) => [
      route,
      files.map((file) => `<link rel="modulepreload" href="/${file}">`).join(''),
    ]),
  );
}

/** Reads the built page once. Null when there is no build; a build without a manifest is served unchanged. */
export function loadSpaPage(publicDir: string): SpaPage | null {
  const indexPath = join(publicDir, 'index.html');
  if (!existsSync(indexPath)) return null;
  const page = readFileSync(indexPath, 'utf8');
  const manifestPath = join(publicDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { html: (_cookie, _path, options) => markSandbox(page, options?.sandbox) };

  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const catalogues = new Map<Locale, string>();
  const memberCatalogues = new Map<Locale, string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const locale = CATALOGUE_KEY.exec(key)?.[1];
    if (isLocale(locale)) catalogues.set(locale, `/${chunk.file}`);
    const memberLocale = MEMBER_CATALOGUE_KEY.exec(key)?.[1];
    if (isLocale(memberLocale)) memberCatalogues.set(memberLocale, `/${chunk.file}`);
  }
  const preloaded = [...catalogues].find(([, href]) => page.includes(`href="${href}"`));
  if (!preloaded) return { html: (_cookie, _path, options) => markSandbox(page, options?.sandbox) };
  const [defaultLocale, defaultHref] = preloaded;

  const pages = new Map<Locale, string>();
  const memberPages = new Map<Locale, string>();
  for (const [locale, href] of catalogues) {
    const localized = page
      .replace(new RegExp(`href="${escapeRegExp(defaultHref)}"`), `href="${href}"`)
      .replace(/<html lang="[a-z]+"/, `<html lang="${locale}"`)
      // The web app manifest in the reader's language: the name and description an install shows (docs/app.md).
      .replace(/href="\/manifest\.[a-z]{2}\.webmanifest"/, `href="/manifest.${locale}.webmanifest"`);
    pages.set(locale, localized);
    // Member pages fetch the member texts alongside the public ones instead of after the entry has run.
    const memberHref = memberCatalogues.get(locale);
    const preload = `<link rel="modulepreload" href="${href}">`;
    memberPages.set(
      locale,
      memberHref ? localized.replace(preload, `${preload}<link rel="modulepreload" href="${memberHref}">`) : localized,
    );
  }
  const routePreloads = readRoutePreloads(publicDir);
  return {
    html: (cookieHeader, path, options) => {
      const locale = localeFromCookie(cookieHeader) ?? defaultLocale;
      const localized = markSandbox((isMemberPath(path) ? memberPages : pages).get(locale) ?? page, options?.sandbox);
      const chunks = routePreloads.get(pagePath(path));
      // After the catalogue preloads: the texts come first, as the first render waits for them too.
      return chunks ? localized.replace('</head>', `${chunks}</head>`) : localized;
    },
  };
}
