import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readEnv } from './src/lib/build-flags.ts';

const API_TARGET = 'http://127.0.0.1:8080';

/**
 * Most members read the build's default language (Thai, or Lao in the Laos build). Its catalogue is a lazy
 * chunk the entry asks for only once it has run, a serial round trip before the first render; a
 * modulepreload hint in index.html fetches it alongside the entry instead. Members who chose another
 * language load theirs as before.
 */
function preloadDefaultCatalogue(): PluginOption {
  const catalogue = process.env.VITE_COUNTRY?.toUpperCase() === 'LA' ? 'src/i18n/lo.json' : 'src/i18n/th.json';
  return {
    name: 'preload-default-catalogue',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(
        _html: string,
        context: { bundle?: Record<string, { type: string; fileName: string; facadeModuleId?: string | null }> },
      ) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(catalogue),
        );
        if (!chunk) throw new Error(`preload-default-catalogue: no chunk for ${catalogue}`);
        return [{ tag: 'link', attrs: { rel: 'modulepreload', href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  } as PluginOption;
}

/**
 * Shared modules go into a few chunks named by role instead of one chunk per combination of importers, which
 * gave /user/home twelve chunks besides the entry before its first render and /login eleven. Each is a
 * request on a phone's slow network, at most six at a time, a round trip each, and the first render waits
 * for the last one (docs/performance.md). What every first render needs (the shells' header, the data layer:
 * zod/mini, the query hooks, the lookups) joins the entry, which would otherwise load it right after.
 */
const CHUNK_GROUPS: [name: string, module: RegExp][] = [
  // Joins the entry chunk (see firstRenderChunks): /login and /user/home both need all of it at once, the chat
  // launcher of both shells included (the widget itself stays a lazy chunk).
  [
    'index',
    /\/node_modules\/(zod|@tanstack\/(react-query|query-core))\/|\/packages\/contract\/src\/(schema-helpers|lookup)\.ts$|\/src\/(lib\/(lookup|chat-open)\.ts|app\/shells\/(brand|chat-launcher)\.tsx|components\/(language-switcher|bottom-menu)\.tsx|features\/(site\/api\/get-info|contact\/api\/get-chat-widget-flag)\.ts)$/,
  ],
  // Forms: the field of every form, the sign-in's included, and the sign-in's schema.
  [
    'forms',
    /\/packages\/ui\/src\/(text-field|field-message)\.tsx$|\/packages\/contract\/src\/(login|field-limits)\.ts$/,
  ],
  // The account's rules, which registration, the profile and the member dialogs share: the sign-in needs none.
  [
    'account-forms',
    /\/src\/lib\/validation\.ts$|\/packages\/contract\/src\/(account|rules|bank-account-no|password-policy)\.ts$/,
  ],
  // What the member screens share: their icons, money and date formats, image and link checks, and the wallet
  // query with its money helpers, which the statement borrows from the home (app/screens/statement-route.tsx).
  [
    'member-kit',
    /\/src\/(components\/member-icons\.tsx|lib\/(format|safe-url)\.ts|features\/home\/(api\/get-wallet|money)\.ts)$/,
  ],
];

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

/**
 * The entry's static imports are named `index` too: a manual chunk takes in the dependencies no other manual
 * chunk holds, so without this the first group would pull React out of the entry.
 */
function firstRenderChunks(id: string, graph: ModuleGraph): string | undefined {
  if (entryClosure(graph).has(id)) return 'index';
  return CHUNK_GROUPS.find(([, module]) => module.test(id))?.[0];
}

const entryClosures = new WeakMap<ModuleGraph, Set<string>>();
/** The modules the entry imports statically, worked out once per build (Rollup hands one graph per output). */
function entryClosure(graph: ModuleGraph): Set<string> {
  const known = entryClosures.get(graph);
  if (known) return known;
  const seen = new Set<string>();
  const stack = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  entryClosures.set(graph, seen);
  return seen;
}

/**
 * The service worker (src/sw/sw.ts; docs/app.md, decision 0023): vite-plugin-pwa builds it with Workbox and
 * injects the precache list. The manifests are the three languages' files in public/, and the app registers
 * the worker itself after the page has loaded (src/lib/service-worker.ts), so the plugin adds nothing to it.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    // The shell: scripts (the three catalogues among them), styles, the page, icons, manifests, and the bundled
    // fonts' woff2 files (every browser we support reads woff2; the woff copies are for none of them).
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
    globIgnores: ['**/node_modules/**', 'sw.js'],
  },
}) as unknown as PluginOption;

/**
 * react-router's package exports only its development build (dev-time warnings and checks kept in); its
 * production build sits beside it unexported. Builds take that one, as react-router's own Vite plugin does;
 * the dev server and the tests keep the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, mode }) => ({
  // Bad build flags stop the build here, naming each (lib/build-flags.ts); the app gets them checked.
  define: { __BUILD_FLAGS__: JSON.stringify(readEnv(loadEnv(mode, import.meta.dirname, 'VITE_'))) },
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  // The plugins are hoisted to the root node_modules, where vitest's newer vite sits; their types name that
  // vite while this app builds with vite 7. The runtime contract is the same, only the declarations differ.
  plugins: [preloadDefaultCatalogue(), ...([react(), tailwindcss()] as unknown as PluginOption[]), serviceWorker],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The size budgets (scripts/route-budgets.mjs) walk the manifest to know which files each route loads.
    manifest: true,
    // Every browser we support runs ES2022 natively; a lower target only adds down-levelled helpers.
    target: 'es2022',
    // The polyfill only helps browsers without <link rel="modulepreload">; they still load every chunk
    // correctly, just without the head start, so the members on modern browsers do not pay for it.
    modulePreload: { polyfill: false },
    rollupOptions: { output: { manualChunks: firstRenderChunks } },
  },
  server: {
    proxy: {
      '/api': API_TARGET,
      '/sandbox': API_TARGET,
      '/media': API_TARGET,
    },
  },
  preview: {
    proxy: {
      '/api': API_TARGET,
      '/sandbox': API_TARGET,
      '/media': API_TARGET,
    },
  },
}));
