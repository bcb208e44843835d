import path from 'node:path';
import type { Env } from '../env';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** An S3-compatible bucket when S3_BUCKET is set, otherwise the folder DATA_DIR/storage. */
export function createStorageFromEnv(env: Env): Storage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(path.join(env.DATA_DIR, 'storage'));
}
