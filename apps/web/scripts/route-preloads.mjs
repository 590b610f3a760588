/**
 * Writes `.vite/route-preloads.json` into a build: for each first page of ROUTE_MODULES, the chunks it renders
 * with besides the entry and the catalogues. The server adds them to that page as `<link rel="modulepreload">`
 * (apps/server/src/lib/spa-page.ts, docs/decisions/0027), so they download beside the entry.
 *
 * Usage: `node scripts/route-preloads.mjs [buildDir]` (run by `npm run build` after `vite build`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDirectory, routePreloads } from './route-budgets.mjs';

const buildDir = buildDirectory(process.argv[2]);
const table = routePreloads(buildDir);
writeFileSync(join(buildDir, '.vite', 'route-preloads.json'), `${JSON.stringify(table, null, 2)}\n`);
console.warn(
  `route preloads: ${Object.entries(table)
    .map(([route, files]) => `${route} ${files.length}`)
    .join(', ')}`,
);
