import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const API_TARGET = 'http://127.0.0.1:8080';

/**
 * The operators' app (issue 7, docs/backoffice/app.md). The server serves the build under /backoffice, beside the
 * member app, and answers its API under /backoffice/api.
 */
export default defineConfig({
  base: '/backoffice/',
  // The plugins are hoisted to the root node_modules, where vitest's newer vite sits; their types name that
  // vite while this app builds with vite 7 (as in apps/web).
  plugins: [...([react(), tailwindcss()] as unknown as PluginOption[])],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
  // The chat's live line (Socket.IO) goes to the same server as the API.
  server: { proxy: { '/backoffice/api': API_TARGET, '/socket.io': { target: API_TARGET, ws: true } } },
  preview: { proxy: { '/backoffice/api': API_TARGET, '/socket.io': { target: API_TARGET, ws: true } } },
});
