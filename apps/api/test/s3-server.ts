import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import S3rver from 's3rver';

/**
 * A local S3-compatible server (s3rver: the S3 REST protocol over HTTP, files in a temporary folder)
 * with one bucket, and the S3_* settings that point the app at it. The app talks to it with the
 * official AWS SDK, exactly as it would to AWS S3 or MinIO.
 */
export async function startS3Server(bucket = 'admitone-uploads') {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'admitone-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    /** Object keys stored in the bucket (read through the S3 protocol, as any client would). */
    async keys(): Promise<string[]> {
      const res = await fetch(`${endpoint}/${bucket}?list-type=2`);
      return [...(await res.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!).sort();
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
