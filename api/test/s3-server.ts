import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
// s3rver ships no types: a local server speaking the S3 protocol over HTTP, files on disk.
type S3rver = new (options: Record<string, unknown>) => {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
};

export const TEST_BUCKET = 'platform-uploads';

/**
 * An S3 test server on 127.0.0.1 (a free port) keeping its objects under `dir`, with one empty
 * bucket; answers the API's S3_* settings for it.
 */
export async function startS3Server(dir: string) {
  mkdirSync(dir, { recursive: true });
  // Loaded here, by the few files that use a bucket (some 0.3 s of CPU: harness.ts is in every file).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const S3rver = require('s3rver') as S3rver;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: TEST_BUCKET,
    S3_REGION: 'us-east-1',
    // s3rver's own credentials: it checks every request's signature with them.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
  return { env, port, close: () => server.close(), objects: join(dir, TEST_BUCKET) };
}
