/**
 * The FileStore on an S3-compatible bucket (AWS S3, MinIO, R2, …), chosen by S3_BUCKET, so several
 * instances share uploads and outputs. Objects are keyed `{S3_PREFIX}uploads/<name>` like the local
 * folder's paths; the browser still gets them from our /files/... URLs (read through the store after the
 * `files` row says whose they are), so the bucket stays private and nothing in the SPA changes.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config';
import { contentTypeByExt, isStoredPath, newStoredFile, relPathOfUrl, type FileStore } from './storage';

export interface S3FileStore extends FileStore {
  /**
   * Resolves the credentials once (explicit keys, or the SDK's default chain: profile, web identity,
   * container or instance role); rejects with a message naming the settings when there are none.
   */
  checkCredentials(): Promise<void>;
  close(): void;
}

export function createS3FileStore(config: S3Config, appUrl: string): S3FileStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
    // CRC32 trailers on PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const keyOf = (relPath: string) => {
    // Keys come from our own rows; anything else (a path with '..', another prefix) is never sent.
    if (!isStoredPath(relPath)) throw new Error('Not a stored file path');
    return `${config.prefix}${relPath}`;
  };
  // A missing key (some S3-compatible servers answer a bare 404); a missing bucket is a set-up error, not a 404.
  const missing = (error: unknown) =>
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');

  return {
    async save(kind, bytes, ext) {
      const stored = newStoredFile(kind, ext);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: keyOf(stored.relPath),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentTypeByExt[ext] ?? 'application/octet-stream',
        }),
      );
      return stored;
    },
    async read(relPath) {
      if (!isStoredPath(relPath)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(relPath) }));
        return answer.Body ? await answer.Body.transformToByteArray() : undefined;
      } catch (error) {
        // Gone is "not found"; an unreachable or refusing bucket is a server error, not a 404.
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(relPath) {
      if (!isStoredPath(relPath)) return;
      // DeleteObject answers 204 whether or not the key exists: removing twice is harmless.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(relPath) }));
    },
    relPathOfUrl: (url, kind) => relPathOfUrl(appUrl, url, kind),
    async checkCredentials() {
      try {
        await client.config.credentials();
      } catch {
        throw new Error(
          'S3_BUCKET is set but no AWS credentials were found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY ' +
            '(or give the process a profile or role the AWS SDK finds), or unset S3_BUCKET to keep files in DATA_DIR.',
        );
      }
    },
    close() {
      client.destroy();
    },
  };
}
