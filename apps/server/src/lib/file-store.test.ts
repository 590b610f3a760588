import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../test/s3.ts';
import { DiskFileStore, type FileStore } from './file-store.ts';
import { S3FileStore, s3Client } from './s3-file-store.ts';

/** The one contract both storages keep (docs/operations.md, Shared files), run against each. */

let folder: string;
let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mw-file-store-'));
  s3 = await startS3();
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await s3?.close();
});

const stores: [string, () => FileStore][] = [
  ['on disk', () => new DiskFileStore(join(folder, 'chat'))],
  ['in S3-compatible storage', () => new S3FileStore(s3Client(s3.settings), s3.settings.bucket, 'chat')],
];

describe.each(stores)('uploads stored %s', (_where, makeStore) => {
  const bytes = Buffer.from('0123456789 a picture of a slip');

  it('keeps the bytes under a fresh random name, whole or in byte ranges, until removed', async () => {
    const store = makeStore();
    const name = await store.save(bytes, 'png');
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await store.save(bytes, 'png')).not.toBe(name);
    expect(await store.read(name)).toEqual(bytes);
    expect(await store.size(name)).toBe(bytes.length);
    expect(await buffer((await store.stream(name))!)).toEqual(bytes);
    expect((await buffer((await store.stream(name, { start: 2, end: 5 }))!)).toString()).toBe('2345');
    await store.remove(name);
    expect(await store.read(name)).toBeNull();
    expect(await store.size(name)).toBeNull();
    expect(await store.stream(name)).toBeNull();
    // Removing again is no error.
    await store.remove(name);
  });

  it('reads a name it never makes as missing, without looking it up', async () => {
    const store = makeStore();
    for (const name of ['../secret.png', 'slip.png', `${'a'.repeat(32)}.exe`, `${'0'.repeat(32)}.png`]) {
      expect(await store.read(name)).toBeNull();
      expect(await store.size(name)).toBeNull();
      expect(await store.stream(name)).toBeNull();
      await store.remove(name);
    }
  });

  it('shares what one store saved with another over the same place, as a second node reads it', async () => {
    const name = await makeStore().save(bytes, 'mp4');
    expect(await makeStore().read(name)).toEqual(bytes);
  });
});
