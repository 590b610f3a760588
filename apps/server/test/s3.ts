import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The bucket and keys the local S3-compatible server takes (s3rver's own account). */
export const TEST_S3 = {
  bucket: 'member-wallet-test',
  region: 'ap-southeast-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
};

/**
 * A local S3-compatible server (s3rver) on a free port with the test bucket, its objects in a temporary folder:
 * its endpoint, the S3_* variables a server uses to reach it, and `close`.
 */
export async function startS3() {
  const directory = await mkdtemp(join(tmpdir(), 'mw-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_S3.bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    settings: { endpoint, ...TEST_S3 },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_S3.bucket,
      S3_REGION: TEST_S3.region,
      S3_ACCESS_KEY_ID: TEST_S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: TEST_S3.secretAccessKey,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
