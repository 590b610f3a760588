import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

/**
 * Bundles the server into dist/server.js (and its picture worker thread beside it), and the operator's
 * ledger check into dist/ledger-check.js (it runs where tsx is not installed). Registry packages stay external (node_modules at run time); the contract is
 * TypeScript source (docs/decisions/0002), so it is bundled in.
 */
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {}), 'zod'].filter(
  (name) => name !== '@member-wallet/contract',
);

await build({
  entryPoints: {
    server: new URL('./src/server.ts', import.meta.url).pathname,
    'ledger-check': new URL('./src/ledger-check.ts', import.meta.url).pathname,
    'reconcile-transfers': new URL('./src/reconcile-transfers.ts', import.meta.url).pathname,
    'create-operator': new URL('./src/create-operator.ts', import.meta.url).pathname,
    // The uploaded pictures' worker thread, loaded by dist/server.js from beside it (picture.pool.ts).
    'picture.worker': new URL('./src/modules/uploads/picture.worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external,
  logLevel: 'info',
});
