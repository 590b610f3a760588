import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * A landed migration is never edited (migrations/index.ts): each migration file's SHA-256 is listed, in the format
 * `sha256sum` writes, in a `.sha256` file beside it. `landed.sha256` lists those up to 0030 (as landed, never rewritten); from 0030 on, each
 * migration lands with its own `<name>.sha256`, so no file of the folder ever changes once landed. A change to a
 * listed file, or a migration file that is not listed, fails here with the rule.
 */

/** The app's migrations, and the sandbox's own (src/sandbox/migrations), each with its list. */
const FOLDERS = [new URL('./migrations/', import.meta.url), new URL('../sandbox/migrations/', import.meta.url)];
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.ts$/;

function landed(FOLDER: URL): Map<string, string> {
  const lines = readdirSync(FOLDER)
    .filter((name) => name.endsWith('.sha256'))
    .flatMap((name) => readFileSync(new URL(name, FOLDER), 'utf8').split('\n'));
  return new Map(
    lines
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const [hash, name] = line.split(/\s+\*?/);
        return [name ?? '', hash ?? ''];
      }),
  );
}

function sha256(FOLDER: URL, name: string): string {
  return createHash('sha256')
    .update(readFileSync(new URL(name, FOLDER)))
    .digest('hex');
}

describe.each(FOLDERS.map((folder) => [folder.pathname.split('/src/')[1], folder] as const))(
  'landed migrations in %s',
  (_, FOLDER) => {
    const files = readdirSync(FOLDER).filter((name) => MIGRATION_FILE.test(name));
    const listed = landed(FOLDER);

    it('are all listed with their checksum (a new one lands with its own .sha256)', () => {
      const unlisted = files.filter((name) => !listed.has(name));
      expect(unlisted, 'add `sha256sum 00NN_name.ts > 00NN_name.sha256` for each new migration').toEqual([]);
      const missing = [...listed.keys()].filter((name) => !files.includes(name));
      expect(missing, 'a landed migration is never deleted').toEqual([]);
    });

    it('are never edited: write a new migration that changes what it must', () => {
      const edited = files.filter((name) => listed.has(name) && listed.get(name) !== sha256(FOLDER, name));
      expect(edited, 'a landed migration was edited; restore it and add a new migration instead').toEqual([]);
    });
  },
);
