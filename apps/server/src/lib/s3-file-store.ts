import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { type ByteRange, type FileStore, isStoredName, newStoredName, type StoredExtension } from './file-store.ts';

/** S3_*: where the shared uploads live (docs/operations.md, Shared files). */
export interface S3Settings {
  /** An S3-compatible service's address (MinIO, Cloudflare R2, ...); null for Amazon S3 itself. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const CONTENT_TYPES: Record<StoredExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
};

/** One client per process and settings: it keeps its connections for every store of the bucket. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    ...(settings.endpoint
      ? // Another service than Amazon's: bucket in the path (MinIO needs it, R2 takes it), and checksums only
        // where S3 requires them (not every S3-compatible service takes the SDK's default CRC32 headers).
        {
          endpoint: settings.endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  });
}

/**
 * Uploaded files as objects of one bucket under a folder's prefix (`chat/<name>`): every node reads what any
 * node stored. Objects are private (no ACL is set, so the bucket's own, private by default, applies): the server
 * reads them and answers them itself, as it does from disk.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly folder: string,
  ) {}

  async save(bytes: Buffer, extension: StoredExtension): Promise<string> {
    const name = newStoredName(extension);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(name),
        Body: bytes,
        ContentType: CONTENT_TYPES[extension],
        ContentLength: bytes.length,
      }),
    );
    return name;
  }

  async read(name: string): Promise<Buffer | null> {
    const body = await this.get(name);
    return body ? Buffer.from(await body.transformToByteArray()) : null;
  }

  async size(name: string): Promise<number | null> {
    if (!isStoredName(name)) return null;
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (error instanceof NotFound || error instanceof NoSuchKey) return null;
      throw error;
    }
  }

  async stream(name: string, range?: ByteRange): Promise<Readable | null> {
    return ((await this.get(name, range)) as Readable | null) ?? null;
  }

  async remove(name: string): Promise<void> {
    if (!isStoredName(name)) return;
    // Deleting an object that is not there succeeds, as S3 answers 204 either way.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
  }

  private async get(name: string, range?: ByteRange) {
    if (!isStoredName(name)) return null;
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(name),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return object.Body ?? null;
    } catch (error) {
      if (error instanceof NoSuchKey || error instanceof NotFound) return null;
      throw error;
    }
  }

  private key(name: string): string {
    return `${this.folder}/${name}`;
  }
}
