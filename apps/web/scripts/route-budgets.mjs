/**
 * Works out, from Vite's build manifest, which files each budgeted route downloads before its first render,
 * so that the size budgets in `.size-limit.js` measure what a member really loads and not one chunk alone.
 *
 * A route loads the entry chunk and its static imports (the closure), then the lazy chunks its guards and
 * lazy screens import, each with its own static imports, plus what index.html preloads and the
 * active locale's catalogue. The
 * table below names those lazy modules by source path; it must follow `src/app/router.tsx` and
 * `src/app/guards.tsx`. A name that is not in the manifest is an error, so a renamed screen breaks the gate
 * instead of silently shrinking a route.
 *
 * Usage: `node scripts/route-budgets.mjs [buildDir]` prints the figures (gzip) of every route.
 * The build directory comes from the argument, else SIZE_BUILD_DIR, else `dist`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const APP_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The lazy modules each budgeted route needs for its first render, besides the entry and a catalogue. */
export const ROUTE_MODULES = {
  '/login': ['src/app/shells/public-shell.tsx', 'src/features/auth/components/login-screen.tsx'],
  '/user/home': ['src/app/shells/member-shell.tsx', 'src/app/screens/home-route.tsx'],
};

/**
 * How many JS files each route may download before its first render, catalogues included. Each is a request
 * on a phone's slow network, at most six at a time; /user/home had fifteen when its LCP went over 2.5 s, and
 * the chunk groups of vite.config.ts brought it to six (docs/performance.md).
 */
export const ROUTE_FILES_MAX = { '/login': 6, '/user/home': 7 };

const CATALOGUE_PATTERN = /^src\/i18n\/[a-z]{2}\.json$/;
/** The member texts (docs/decisions/0012): member routes download one of them before their first render too. */
const MEMBER_CATALOGUE_PATTERN = /^src\/i18n\/member\/[a-z]{2}\.json$/;
/** The chat widget lives under this folder; it must stay out of every route's first render. */
const CHAT_PATTERN = /^src\/features\/chat\//;

export function buildDirectory(argument) {
  return resolve(APP_DIR, argument || process.env.SIZE_BUILD_DIR || 'dist');
}

export function readManifest(buildDir) {
  const path = join(buildDir, '.vite', 'manifest.json');
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read ${path}: build with \`vite build\` (build.manifest is on) first. ${error}`);
  }
}

/** The chunk of `key` and every chunk it imports statically, as manifest keys. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no module "${key}": update ROUTE_MODULES in route-budgets.mjs`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * The manifest key of a lazy module. When a screen's own lazy chunks (its modals) share code with it, Rollup
 * puts that code in the screen's chunk, which then has no facade: the manifest lists it as `_<name>-<hash>.js`
 * without `src`. Such a chunk is found by its name, which must be unique.
 */
function moduleKey(manifest, module) {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const found = Object.keys(manifest).filter(
    (key) => manifest[key].isDynamicEntry && !manifest[key].src && manifest[key].name === name,
  );
  if (found.length !== 1) {
    throw new Error(`The manifest has no module "${module}": update ROUTE_MODULES in route-budgets.mjs`);
  }
  return found[0];
}

export function gzipBytes(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export function entryKey(manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (keys.length !== 1) throw new Error(`Expected one entry chunk in the manifest, found ${keys.length}`);
  return keys[0];
}

/**
 * The chunks index.html preloads (`<link rel="modulepreload">`), as manifest keys: every route downloads them,
 * whatever its language.
 */
function preloadedChunks(manifest, buildDir) {
  const html = readFileSync(join(buildDir, 'index.html'), 'utf8');
  const hrefs = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((match) => match[1]);
  return hrefs.map((href) => {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate].file === href);
    if (!key) throw new Error(`index.html preloads ${href}, which the manifest does not know`);
    return key;
  });
}

/**
 * The catalogue chunk that weighs most: a route budget must hold in every locale. The server preloads the
 * reader's own catalogue in place of the build's default one (docs/decisions/0009), so a page downloads
 * exactly one catalogue before its first render.
 */
function largestCatalogue(manifest, buildDir, pattern = CATALOGUE_PATTERN) {
  const catalogues = Object.keys(manifest).filter((key) => pattern.test(key));
  if (catalogues.length === 0) throw new Error(`The manifest has no locale catalogue chunk matching ${pattern}`);
  const weighed = catalogues.map((key) => ({ key, bytes: gzipBytes(join(buildDir, manifest[key].file)) }));
  return weighed.sort((a, b) => b.bytes - a.bytes)[0].key;
}

function filesOf(manifest, buildDir, keys) {
  return [...new Set([...keys].map((key) => join(buildDir, manifest[key].file)))];
}

/** Each budgeted route with the absolute paths of the JS files it loads before its first render. */
export function routeFiles(buildDir) {
  const manifest = readManifest(buildDir);
  const entry = entryKey(manifest);
  const preloaded = preloadedChunks(manifest, buildDir).filter((key) => !CATALOGUE_PATTERN.test(key));
  const catalogue = largestCatalogue(manifest, buildDir);
  const memberCatalogue = largestCatalogue(manifest, buildDir, MEMBER_CATALOGUE_PATTERN);
  return Object.entries(ROUTE_MODULES).map(([route, modules]) => {
    const keys = new Set();
    const lazy = modules.map((module) => moduleKey(manifest, module));
    if (route.startsWith('/user/')) lazy.push(memberCatalogue);
    for (const key of [entry, ...preloaded, catalogue, ...lazy]) staticClosure(manifest, key, keys);
    const chat = [...keys].filter((key) => CHAT_PATTERN.test(key));
    if (chat.length > 0) throw new Error(`${route} loads the chat widget at first render: ${chat.join(', ')}`);
    const files = filesOf(manifest, buildDir, keys);
    if (files.length > ROUTE_FILES_MAX[route]) {
      throw new Error(
        `${route} loads ${files.length} JS files before its first render, more than ${ROUTE_FILES_MAX[route]}: ` +
          `${files.map((file) => file.slice(buildDir.length + 1)).join(', ')} (see CHUNK_GROUPS in vite.config.ts)`,
      );
    }
    return { route, catalogue, files };
  });
}

/**
 * The lazy chunks (with their static imports) each budgeted route renders with, outside the entry's closure and
 * the catalogues, as paths relative to the build: the server preloads them on that page (docs/decisions/0027).
 * `/user` shows the home.
 */
export function routePreloads(buildDir) {
  const manifest = readManifest(buildDir);
  const shared = staticClosure(manifest, entryKey(manifest));
  const table = {};
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    const keys = new Set();
    for (const module of modules) staticClosure(manifest, moduleKey(manifest, module), keys);
    table[route] = [...keys].filter((key) => !shared.has(key)).map((key) => manifest[key].file);
  }
  table['/user'] = table['/user/home'];
  return table;
}

/** Every JS chunk but the entry, each to be budgeted on its own. Chunks named `vendor*` are exempt. */
export function lazyChunks(buildDir) {
  const manifest = readManifest(buildDir);
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.file.endsWith('.js') && !chunk.isEntry && !chunk.name?.startsWith('vendor'))
    .map(([key, chunk]) => ({ key, name: chunk.name, file: join(buildDir, chunk.file) }));
}

/** The stylesheets index.html links: they block the first render. */
export function renderBlockingCss(buildDir) {
  const manifest = readManifest(buildDir);
  return (manifest[entryKey(manifest)].css ?? []).map((file) => join(buildDir, file));
}

/** Every JS and CSS file of the build: what all the routes together can download. */
export function allFiles(buildDir) {
  const manifest = readManifest(buildDir);
  const files = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
  return [...new Set(files.filter((file) => /\.(js|css)$/.test(file)))].map((file) => join(buildDir, file));
}

/**
 * The chat widget's own files, outside the entry's closure, once it exists (null until then). It is a
 * dynamic import opened by the member, so it is measured apart from every route.
 */
export function chatFiles(buildDir) {
  const manifest = readManifest(buildDir);
  const roots = Object.keys(manifest).filter((key) => CHAT_PATTERN.test(key) && manifest[key].isDynamicEntry);
  if (roots.length === 0) return null;
  const shared = staticClosure(manifest, entryKey(manifest));
  const keys = new Set();
  for (const root of roots) staticClosure(manifest, root, keys);
  return filesOf(
    manifest,
    buildDir,
    [...keys].filter((key) => !shared.has(key)),
  );
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(2)} KiB`;
}

function report(buildDir) {
  const print = (line) => process.stdout.write(`${line}\n`);
  const sum = (files) => files.reduce((total, file) => total + gzipBytes(file), 0);
  print(`Build: ${buildDir} (gzip -9 per file, summed)`);
  for (const { route, catalogue, files } of routeFiles(buildDir)) {
    print(`\n${route} with ${catalogue}: ${kib(sum(files))}`);
    for (const file of files) print(`  ${kib(gzipBytes(file)).padStart(11)}  ${file.slice(buildDir.length + 1)}`);
  }
  print(`\nrender-blocking CSS: ${kib(sum(renderBlockingCss(buildDir)))}`);
  print(`all JS and CSS: ${kib(sum(allFiles(buildDir)))}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  report(buildDirectory(process.argv[2]));
}
