import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/**
 * Uploaded files on disk (DESIGN.md section 5): under random names in one folder outside the web root, so a
 * member's file name never reaches the file system and nothing stored is ever served as a static file.
 */
export class FileStore {
  constructor(readonly directory: string) {}

  /** Writes the bytes under a fresh random name with the extension; answers the name. */
  async save(bytes: Buffer, extension: 'png' | 'jpg' | 'webp'): Promise<string> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    // Written aside and renamed, so a reader never sees half a file.
    const partial = join(this.directory, `${name}.partial`);
    await writeFile(partial, bytes, { flag: 'wx', mode: 0o600 });
    await rename(partial, join(this.directory, name));
    return name;
  }

  /** The stored bytes, or null when the file is gone (or the name is not one this store makes). */
  async read(name: string): Promise<Buffer | null> {
    if (!STORED_NAME.test(name)) return null;
    try {
      return await readFile(join(this.directory, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
