import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(tsx?|css)$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('font weights', () => {
  it('asks only for the two weights fonts.ts bundles, so no screen pulls an unbundled or synthesised weight', () => {
    const bundled = [...readFileSync(join(SRC, 'fonts.ts'), 'utf8').matchAll(/-(\d{3})\.css'/g)].map((m) => m[1]);
    expect(new Set(bundled)).toEqual(new Set(['400', '600']));
    const offending = sources(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bfont-(thin|extralight|light|medium|bold|extrabold|black)\b/g)].map(
        (match) => `${file.slice(SRC.length + 1)}: ${match[0]}`,
      ),
    );
    expect(offending).toEqual([]);
  });
});
