import path from 'node:path';
import { EnvError, type Env } from '../env';
import { createLocalStorage } from './local-storage';
import { checkBucket, createS3Storage, ensureBucket, isMissingBucket, type S3Config } from './s3-storage';
import type { Storage } from './storage';

/** The bucket's settings from the environment (S3_*). */
export const s3ConfigFromEnv = (env: Env & { S3_BUCKET: string }): S3Config => ({
  bucket: env.S3_BUCKET,
  endpoint: env.S3_ENDPOINT,
  region: env.S3_REGION,
  accessKeyId: env.S3_ACCESS_KEY_ID,
  secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  forcePathStyle: env.S3_FORCE_PATH_STYLE,
  prefix: env.S3_PREFIX,
  publicUrl: env.S3_PUBLIC_URL,
});

/** An S3-compatible bucket when S3_BUCKET is set, otherwise the folder DATA_DIR/storage. */
export function createStorageFromEnv(env: Env): Storage {
  if (env.S3_BUCKET) return createS3Storage(s3ConfigFromEnv({ ...env, S3_BUCKET: env.S3_BUCKET }));
  return createLocalStorage(path.join(env.DATA_DIR, 'storage'));
}

/**
 * Start-up check of the configured bucket: it exists and the keys may use it, within `timeoutMs`.
 * Otherwise an EnvError of one line naming the variable to correct and what failed (without it the
 * process would start, say it is ready, and fail every upload). The local folder needs no check.
 */
export async function checkStorageFromEnv(env: Env, timeoutMs = 10_000): Promise<void> {
  if (!env.S3_BUCKET) return;
  const bucket = env.S3_BUCKET;
  const where = env.S3_ENDPOINT ? `S3_ENDPOINT ${env.S3_ENDPOINT}` : `AWS S3 (S3_REGION ${env.S3_REGION})`;
  try {
    await checkBucket(s3ConfigFromEnv({ ...env, S3_BUCKET: bucket }), timeoutMs);
  } catch (err) {
    const e = err as Error & { code?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    const variable = env.S3_ENDPOINT ? 'S3_ENDPOINT' : 'S3_REGION';
    const address = env.S3_ENDPOINT ?? where;
    if (e.name === 'AbortError' || e.name === 'TimeoutError') {
      throw new EnvError(`${variable}: ${address} did not answer within ${timeoutMs / 1000} s when checking the bucket "${bucket}" (S3_BUCKET)`);
    }
    if (e.name === 'CredentialsProviderError') {
      throw new EnvError(`S3_ACCESS_KEY_ID: no keys for the bucket "${bucket}"; set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`);
    }
    if (isMissingBucket(e)) {
      throw new EnvError(`S3_BUCKET: the bucket "${bucket}" does not exist at ${where}; create it or correct S3_BUCKET`);
    }
    if (status === 403 || status === 401) {
      throw new EnvError(
        `S3_ACCESS_KEY_ID: the bucket "${bucket}" at ${where} refused these keys (${status}); check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
      );
    }
    if (status === 301) {
      throw new EnvError(`S3_REGION: the bucket "${bucket}" is in another region than ${env.S3_REGION} (301); set S3_REGION to the bucket's region`);
    }
    if (status) throw new EnvError(`S3_BUCKET: checking the bucket "${bucket}" at ${where} failed: ${status} ${e.name}`);
    throw new EnvError(`${variable}: cannot reach ${address} to check the bucket "${bucket}" (S3_BUCKET): ${e.code ?? (e.message || e.name)}`);
  }
}

/**
 * Makes S3_BUCKET unless it exists, waiting up to `waitMs` for a store that is still starting (its
 * connection refused). Answers what it did; a store that answers but refuses throws the start-up check's
 * EnvError naming the variable to correct.
 */
export async function ensureBucketFromEnv(env: Env, waitMs = 60_000): Promise<'created' | 'exists'> {
  if (!env.S3_BUCKET) throw new EnvError('S3_BUCKET: not set, so there is no bucket to make (images are kept under DATA_DIR)');
  const cfg = s3ConfigFromEnv({ ...env, S3_BUCKET: env.S3_BUCKET });
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return await ensureBucket(cfg);
    } catch (err) {
      const code = (err as { code?: string }).code;
      const starting = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ECONNRESET';
      if (starting && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      await checkStorageFromEnv(env);
      throw err;
    }
  }
}
