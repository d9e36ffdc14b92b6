import type { Readable } from 'node:stream';

import type { S3Config } from '../config.js';
import { type FileStorage, isPrivateKey } from './storage.js';

/**
 * Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), so that every host serving
 * the app sees the same files. Files are served at `/uploads/<key>` by the app itself (same origin,
 * so the content security policy stays as it is), or from `S3_PUBLIC_URL` (a CDN in front of the
 * bucket) when it is set. The SDK is loaded only when a bucket is configured.
 */
export async function s3Storage(
  config: S3Config,
  publicPrefix = '/uploads',
): Promise<FileStorage & { bucket: string }> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, CopyObjectCommand, NoSuchKey } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;
  const base = config.publicUrl ?? publicPrefix;
  // Keys change with content (a new upload gets a new key), so every copy may be kept for a year.
  const CacheControl = 'public, max-age=31536000, immutable';
  // Private files (buyers' documents) are never kept by a cache in front of the bucket.
  const cacheControlOf = (key: string) => (isPrivateKey(key) ? 'private, no-store' : CacheControl);
  return {
    bucket: Bucket,
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: cacheControlOf(key),
        }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        return { body: res.Body as Readable, contentType: res.ContentType ?? null, length: res.ContentLength ?? null };
      } catch (err) {
        if (
          err instanceof NoSuchKey ||
          (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw err;
      }
    },
    async delete(key) {
      // Deleting a key that is not there succeeds (as on disk).
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async copy(fromKey, toKey) {
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: toKey,
          CopySource: `${Bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
          CacheControl: cacheControlOf(toKey),
          MetadataDirective: 'COPY',
        }),
      );
    },
    url: (key) => `${base}/${key}`,
  };
}
