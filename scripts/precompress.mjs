// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of a build, so the server can send the
// compressed bytes without compressing on each request (@fastify/static `preCompressed`). A phone on a slow
// network then downloads about a third of the JavaScript.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this the headers cost more than the compression saves. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const root = process.argv[2];
if (!root) {
  console.error('usage: node scripts/precompress.mjs <build directory>');
  process.exit(2);
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(root)) {
  if (!COMPRESSIBLE.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
  const content = readFileSync(path);
  const brotli = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
  before += content.length;
  after += brotli.length;
}
console.warn(
  `precompressed ${count} files in ${root}: ${Math.round(before / 1024)} KiB -> ${Math.round(after / 1024)} KiB (brotli)`,
);
