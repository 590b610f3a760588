import { fileURLToPath } from 'node:url';
import { CONFIG_TABLES_END, CONFIG_TABLES_START, configTables } from '../src/config.variables.ts';
import { rewriteDocSection } from './doc-section.ts';

/** `npm run docs:config -w apps/server`: rewrites README.md's configuration tables from config.variables.ts. */
const readme = fileURLToPath(new URL('../../../README.md', import.meta.url));
rewriteDocSection(readme, CONFIG_TABLES_START, CONFIG_TABLES_END, configTables());
process.stdout.write('README.md: configuration tables rewritten\n');
