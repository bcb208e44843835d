import {
  CreateBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createHash, createHmac } from 'node:crypto';
import { assertSafeKey, type Storage } from './storage';

export interface S3Config {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  prefix?: string;
  /**
   * The address browsers reach the bucket at (the store itself, or a CDN that forwards the query
   * string and the Host): objects are then handed out as presigned GET URLs on it.
   */
  publicUrl?: string;
}

/** How long one signature is handed out: every request in the same window gets the same URL (CDN-cacheable). */
export const SIGNED_URL_WINDOW_SECONDS = 24 * 3600;
/** A URL handed out at the very end of its window stays valid this long after (2 windows in all). */
const SIGNED_URL_EXPIRES_SECONDS = 2 * SIGNED_URL_WINDOW_SECONDS;

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it (`/` kept in paths). */
const encode = (s: string, keepSlash = false) =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(keepSlash ? /%2F/g : /$^/, '/');

/**
 * A presigned GET URL (AWS Signature Version 4, query-string form, path-style), signed at the start
 * of the current window so that it is the same for every request in that window.
 */
export function presignGet(
  cfg: { publicUrl: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string },
  key: string,
  now: Date,
): string {
  const base = new URL(cfg.publicUrl.replace(/\/$/, '') + '/');
  const windowStart = Math.floor(now.getTime() / 1000 / SIGNED_URL_WINDOW_SECONDS) * SIGNED_URL_WINDOW_SECONDS;
  const amzDate = new Date(windowStart * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${cfg.region}/s3/aws4_request`;
  const path = `${base.pathname}${encode(cfg.bucket)}/${encode(key, true)}`;
  const query: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${cfg.accessKeyId}/${scope}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(SIGNED_URL_EXPIRES_SECONDS)],
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const canonicalQuery = query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  const canonicalRequest = ['GET', path, canonicalQuery, `host:${base.host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${cfg.secretAccessKey}`, day), cfg.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  return `${base.origin}${path}?${canonicalQuery}&X-Amz-Signature=${signature}`;
}

/** An SDK client for the bucket of `cfg` (path-style addressing with an endpoint unless told otherwise). */
export const s3ClientFor = (cfg: S3Config, extra: { maxAttempts?: number } = {}) =>
  new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: cfg.forcePathStyle ?? Boolean(cfg.endpoint),
    credentials: cfg.accessKeyId && cfg.secretAccessKey ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } : undefined,
    ...extra,
  });

/**
 * Asks the store whether the bucket exists and these keys may use it (HeadBucket), giving up after
 * `timeoutMs`; throws the SDK's error (or an AbortError on the time-out) when not.
 */
export async function checkBucket(cfg: S3Config, timeoutMs = 10_000): Promise<void> {
  const client = s3ClientFor(cfg, { maxAttempts: 2 });
  try {
    await client.send(new HeadBucketCommand({ Bucket: cfg.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
  } finally {
    client.destroy();
  }
}

/** Whether an SDK error says the bucket does not exist (HeadBucket answers a bare 404, other calls NoSuchBucket). */
export function isMissingBucket(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.$metadata?.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchBucket';
}

/**
 * Makes the bucket of `cfg` unless it exists (`checkBucket` first): what a fresh container stack runs once
 * before the servers start. Answers whether it made it; throws the SDK's error otherwise (unreachable
 * store, refused keys).
 */
export async function ensureBucket(cfg: S3Config, timeoutMs = 10_000): Promise<'created' | 'exists'> {
  try {
    await checkBucket(cfg, timeoutMs);
    return 'exists';
  } catch (err) {
    if (!isMissingBucket(err)) throw err;
  }
  const client = s3ClientFor(cfg, { maxAttempts: 2 });
  try {
    await client.send(new CreateBucketCommand({ Bucket: cfg.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
    return 'created';
  } finally {
    client.destroy();
  }
}

/** Any S3-compatible bucket (AWS, MinIO, R2, …) through the AWS SDK. */
export function createS3Storage(cfg: S3Config): Storage {
  const client = s3ClientFor(cfg);
  const base = cfg.prefix ? cfg.prefix.replace(/\/$/, '') + '/' : '';
  const k = (key: string) => {
    assertSafeKey(key);
    return base + key;
  };
  const publicUrl = cfg.publicUrl;
  const signing =
    publicUrl && cfg.accessKeyId && cfg.secretAccessKey
      ? { publicUrl, bucket: cfg.bucket, region: cfg.region, accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
      : undefined;
  return {
    kind: 's3',
    ...(signing ? { signedUrl: (key: string, now = new Date()) => presignGet(signing, k(key), now) } : {}),
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: cfg.bucket, Key: k(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: cfg.bucket, Key: k(key) }));
        if (!res.Body) return null;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: cfg.bucket, Key: k(key) }));
    },
    async deletePrefix(prefix) {
      let token: string | undefined;
      do {
        const list = await client.send(new ListObjectsV2Command({ Bucket: cfg.bucket, Prefix: k(prefix.replace(/\/$/, '')) + '/', ContinuationToken: token }));
        const keys = (list.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket: cfg.bucket, Delete: { Objects: keys } }));
        token = list.IsTruncated ? list.NextContinuationToken : undefined;
      } while (token);
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const list = await client.send(new ListObjectsV2Command({ Bucket: cfg.bucket, Prefix: k(prefix.replace(/\/$/, '')) + '/', ContinuationToken: token }));
        const page = (list.Contents ?? [])
          .filter((o) => o.Key && o.Key.startsWith(base))
          .map((o) => ({ key: o.Key!.slice(base.length), lastModified: o.LastModified ?? new Date(0) }));
        if (page.length) yield page;
        token = list.IsTruncated ? list.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
