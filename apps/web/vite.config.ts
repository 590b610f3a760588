import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

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

export default defineConfig({
  // The plugins are hoisted to the root node_modules, where vitest's newer vite sits; their types name that
  // vite while this app builds with vite 7. The runtime contract is the same, only the declarations differ.
  plugins: [preloadDefaultCatalogue(), ...([react(), tailwindcss()] as unknown as PluginOption[])],
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
});
