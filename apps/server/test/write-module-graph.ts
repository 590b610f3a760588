import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GRAPH_END, GRAPH_START, moduleGraphTable, readSources } from './module-graph.ts';

/** `npm run docs:graph -w apps/server`: rewrites the module graph in docs/architecture.md from the code. */
const doc = fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url));
const text = readFileSync(doc, 'utf8');
const start = text.indexOf(GRAPH_START);
const end = text.indexOf(GRAPH_END);
if (start < 0 || end < start) throw new Error(`docs/architecture.md has no module graph markers (${GRAPH_START})`);
const root = fileURLToPath(new URL('../src/', import.meta.url));
const table = moduleGraphTable(readSources(root), readFileSync(`${root}app.ts`, 'utf8'));
writeFileSync(doc, text.slice(0, start) + table + text.slice(end + GRAPH_END.length));
process.stdout.write('docs/architecture.md: module graph rewritten\n');
