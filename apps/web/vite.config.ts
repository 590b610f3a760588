import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  // The plugins are hoisted to the root node_modules, where vitest's newer vite sits; their types name that
  // vite while this app builds with vite 7. The runtime contract is the same, only the declarations differ.
  plugins: [react(), tailwindcss()] as unknown as PluginOption[],
  build: { outDir: 'dist', emptyOutDir: true },
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
