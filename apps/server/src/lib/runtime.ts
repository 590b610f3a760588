/** The Node.js major the project runs on: the `node` dependency (docs/decisions/0028-node-24-runtime.md). */
export const RUNTIME_MAJOR = 24;

/**
 * Why this Node.js will not do, or null: the server and its commands run on the major the project pins and tests
 * on, never on whatever Node a machine has.
 */
export function runtimeProblem(version: string): string | null {
  if (Number(version.split('.')[0]) === RUNTIME_MAJOR) return null;
  return (
    `Member Wallet runs on Node.js ${RUNTIME_MAJOR} (found ${version}). Start it with \`npm start\` (or ` +
    '`npm exec -- node ...`), which uses the Node.js that `npm install` put in node_modules.'
  );
}
