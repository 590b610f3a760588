import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No source file of the server or of either React app is over 400 lines (docs/architecture.md, Boundaries the
 * build checks): a file that grows past it holds two things, and is split by what each does. Tests are left out;
 * functions are held to 80 lines by Biome (complexity/noExcessiveLinesPerFunction), in the three apps alike.
 */
const LINES_MAX = 400;
const SOURCE = fileURLToPath(new URL('./', import.meta.url));
const CLIENTS = ['web', 'backoffice'].map((app) => [app, fileURLToPath(new URL(`../../${app}/src/`, import.meta.url))]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function longFiles(root: string) {
  const files = sourceFiles(root);
  expect(files.length).toBeGreaterThan(100);
  return files
    .map((path) => ({ file: relative(root, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > LINES_MAX);
}

describe('source files', () => {
  it(`of the server are at most ${LINES_MAX} lines each`, () => {
    expect(longFiles(SOURCE), 'split these files by what each part does').toEqual([]);
  });

  it.each(CLIENTS)(`of the React app apps/%s are at most ${LINES_MAX} lines each`, (_, root) => {
    expect(longFiles(root), 'split these files by what each part does').toEqual([]);
  });
});
