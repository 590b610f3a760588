import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONFIG_TABLES_END, CONFIG_TABLES_START, configTables } from '../src/config.variables.ts';

/** `npm run docs:config -w apps/server`: rewrites README.md's configuration tables from config.variables.ts. */
const readme = fileURLToPath(new URL('../../../README.md', import.meta.url));
const text = readFileSync(readme, 'utf8');
const start = text.indexOf(CONFIG_TABLES_START);
const end = text.indexOf(CONFIG_TABLES_END);
if (start < 0 || end < start) throw new Error(`README.md has no configuration table markers (${CONFIG_TABLES_START})`);
writeFileSync(readme, text.slice(0, start) + configTables() + text.slice(end + CONFIG_TABLES_END.length));
process.stdout.write('README.md: configuration tables rewritten\n');
