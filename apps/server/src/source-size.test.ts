import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No server source file is over 400 lines (docs/architecture.md, Boundaries the build checks): a file that grows
 * past it holds two things, and is split by what each does. Tests are left out; functions are held to 80 lines by
 * Biome (complexity/noExcessiveLinesPerFunction).
 */
const LINES_MAX = 400;
const SOURCE = fileURLToPath(new URL('./', import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('server source files', () => {
  it(`are at most ${LINES_MAX} lines each`, () => {
    const files = sourceFiles(SOURCE);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((path) => ({ file: relative(SOURCE, path), lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > LINES_MAX);
    expect(long, 'split these files by what each part does').toEqual([]);
  });
});
