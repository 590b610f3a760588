import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif|mp4|mov)$/;

/** The kinds of file stored: pictures (slips, promotions, chat) and the chat's videos. */
export type StoredExtension = 'png' | 'jpg' | 'webp' | 'gif' | 'mp4' | 'mov';

/**
 * Uploaded files on disk (DESIGN.md section 5): under random names in one folder outside the web root, so a
 * member's file name never reaches the file system and nothing stored is ever served as a static file.
 */
export class FileStore {
  constructor(readonly directory: string) {}

  /** Writes the bytes under a fresh random name with the extension; answers the name. */
  async save(bytes: Buffer, extension: StoredExtension): Promise<string> {
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

  /** Where a stored file is and its size, for answers streamed in ranges; null as for `read`. */
  async locate(name: string): Promise<{ path: string; size: number } | null> {
    if (!STORED_NAME.test(name)) return null;
    const path = join(this.directory, name);
    try {
      return { path, size: (await stat(path)).size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Removes a stored file; one already gone (or a name this store never makes) is no error. */
  async remove(name: string): Promise<void> {
    if (!STORED_NAME.test(name)) return;
    try {
      await unlink(join(this.directory, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
