import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

const STORED_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif|mp4|mov)$/;

/** The kinds of file stored: pictures (slips, promotions, chat) and the chat's videos. */
export type StoredExtension = 'png' | 'jpg' | 'webp' | 'gif' | 'mp4' | 'mov';

/** Whether `name` is one a store makes: 32 hex digits and a stored extension. Any other name is never looked up. */
export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

/** A fresh random name for a file of `extension`: a member's file name never reaches the storage. */
export function newStoredName(extension: StoredExtension): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** Bytes `start` to `end` of a file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Uploaded files (DESIGN.md section 5; docs/operations.md, Shared files), under random names and never served as
 * static files: on this node's disk, or in S3-compatible object storage every node reads. A name this store
 * never makes reads as missing.
 */
export interface FileStore {
  /** Stores the bytes under a fresh random name with the extension; answers the name. */
  save(bytes: Buffer, extension: StoredExtension): Promise<string>;
  /** The stored bytes, or null when the file is gone. */
  read(name: string): Promise<Buffer | null>;
  /** A stored file's size in bytes, or null when it is gone. */
  size(name: string): Promise<number | null>;
  /** The file's bytes (a range of them when given) as a stream, or null when it is gone. */
  stream(name: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes a stored file; one already gone is no error. */
  remove(name: string): Promise<void>;
}

/** Uploaded files in one folder of this node's disk, outside the web root. */
export class DiskFileStore implements FileStore {
  constructor(readonly directory: string) {}

  /** Writes the bytes under a fresh random name with the extension; answers the name. */
  async save(bytes: Buffer, extension: StoredExtension): Promise<string> {
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    const name = newStoredName(extension);
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

  async size(name: string): Promise<number | null> {
    if (!STORED_NAME.test(name)) return null;
    try {
      return (await stat(join(this.directory, name))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async stream(name: string, range?: ByteRange): Promise<Readable | null> {
    if ((await this.size(name)) === null) return null;
    return createReadStream(join(this.directory, name), range ? { start: range.start, end: range.end } : {});
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
