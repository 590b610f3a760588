// After every install (the root's postinstall): the project runs on the Node.js its `node` dependency brings
// (docs/decisions/0028-node-24-runtime.md), so every installed package's `engines.node` must accept that
// version, and this script itself must be running on it. npm's own engine-strict cannot say so: npm checks
// engines against the Node that runs npm, which may be an older system Node. Exit 1 on any mismatch.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runtime = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const problems = [];

if (process.versions.node !== runtime) {
  problems.push(
    `running on Node ${process.versions.node}, not the project's ${runtime}: ` +
      'the `node` dependency did not install (its preinstall fetches node-<os>-<cpu> from the npm registry)',
  );
}
for (const [path, entry] of Object.entries(lock.packages)) {
  const range = typeof entry.engines === 'object' && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
  // Packages for another platform are in the lockfile but not on disk.
  if (path === '' || typeof range !== 'string' || !existsSync(join(root, path))) continue;
  if (!semver.satisfies(runtime, range, { includePrerelease: true })) {
    problems.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants Node ${range}`);
  }
}
if (problems.length > 0) {
  console.error(`Node ${runtime} is the project's runtime, but:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}
