import type { Reader } from './config.read.ts';
import type { S3Settings } from './lib/s3-file-store.ts';

const REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * `S3_*`: uploads in S3-compatible object storage every node reads (docs/operations.md, Shared files). The
 * bucket, region and keys all, or none (uploads on disk under UPLOAD_DIR); `S3_ENDPOINT` only for a service
 * other than Amazon S3 (MinIO, Cloudflare R2).
 */
export function readS3(read: Reader): S3Settings | null {
  const endpoint = read.url('S3_ENDPOINT', ['http:', 'https:']);
  const [bucket, region, accessKeyId, secretAccessKey] = REQUIRED.map((name) => read.raw(name));
  if (!endpoint && [bucket, region, accessKeyId, secretAccessKey].every((value) => value === undefined)) return null;
  const missing = REQUIRED.filter((name) => read.raw(name) === undefined);
  if (missing.length > 0) {
    for (const name of missing) read.problems.push(`${name} must be set with the other S3_* variables (or none)`);
    return null;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket as string))
    read.fail('S3_BUCKET', 'an S3 bucket name (3-63 of a-z, 0-9, dot, hyphen)', bucket as string);
  return {
    endpoint,
    bucket: bucket as string,
    region: region as string,
    accessKeyId: accessKeyId as string,
    secretAccessKey: secretAccessKey as string,
  };
}
