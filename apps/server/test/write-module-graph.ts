import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rewriteDocSection } from './doc-section.ts';
import { GRAPH_END, GRAPH_START, moduleGraphTable, readSources } from './module-graph.ts';

/** `npm run docs:graph -w apps/server`: rewrites the module graph in docs/architecture.md from the code. */
const doc = fileURLToPath(new URL('../../../docs/architecture.md', import.meta.url));
const root = fileURLToPath(new URL('../src/', import.meta.url));
rewriteDocSection(
  doc,
  GRAPH_START,
  GRAPH_END,
  moduleGraphTable(readSources(root), readFileSync(`${root}app.ts`, 'utf8')),
);
process.stdout.write('docs/architecture.md: module graph rewritten\n');
