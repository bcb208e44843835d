import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';

/** The keys s3rver accepts (it checks no signature). */
export const LOCAL_S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

type DeleteObject = (bucket: string, key: string) => Promise<void>;

/**
 * s3rver's filesystem store removes a folder a delete leaves empty, and two deletes in one folder at
 * once race on that removal: the loser answers InternalError. A DeleteObjects request runs its keys in
 * parallel, so removing an image's four objects failed on the first try most of the time (the SDK's
 * retries hid it, until they ran out). S3 itself has no folders: here the store's deletes run one at
 * a time.
 */
function serializeDeletes(store: { deleteObject: DeleteObject }) {
  const original = store.deleteObject.bind(store);
  let last: Promise<unknown> = Promise.resolve();
  store.deleteObject = (bucket, key) => {
    const run = last.then(() => original(bucket, key));
    last = run.catch(() => undefined);
    return run;
  };
}

interface ListContext {
  query: Record<string, string | undefined>;
  params: { bucket: string };
  body: { ListBucketResult?: Record<string, unknown> };
}
interface Listing {
  objects: { key: string }[];
  isTruncated: boolean;
}
type GetBucket = (ctx: ListContext) => Promise<void>;
type ListObjects = (bucket: string, options: Record<string, unknown>) => Promise<Listing>;

/** Where a truncated page's last key waits for the ListObjectsV2 answer that carries it. */
const truncatedAt = new AsyncLocalStorage<{ lastKey?: string }>();
const TOKEN_PREFIX = 'curio-local:';

/**
 * s3rver makes ListObjectsV2's continuation token with DES, which OpenSSL 3 keeps in its legacy
 * provider: on Node.js without `--openssl-legacy-provider`, a listing of more than 1000 objects
 * answered InternalError on its first page. Here the token is the last key of the page (encoded):
 * a token that comes back is handed to s3rver as StartAfter, and a page the store truncated is
 * answered truncated with such a token. Paging still works as it does against S3.
 */
function pageWithoutDes(store: { listObjects: ListObjects }) {
  const bucketController = createRequire(import.meta.url)('s3rver/lib/controllers/bucket.js') as { getBucket: GetBucket; __curioPaged?: true };
  const listObjects = store.listObjects.bind(store);
  store.listObjects = async (bucket, options) => {
    const result = await listObjects(bucket, options);
    const page = truncatedAt.getStore();
    if (!page || !result.isTruncated) return result;
    page.lastKey = result.objects.at(-1)?.key;
    return { ...result, isTruncated: false };
  };
  // The controller is one module for every s3rver in the process: wrapped once.
  if (bucketController.__curioPaged) return;
  bucketController.__curioPaged = true;
  const getBucket = bucketController.getBucket;
  bucketController.getBucket = async (ctx) => {
    if (ctx.query['list-type'] !== '2') return getBucket(ctx);
    const token = ctx.query['continuation-token'];
    if (token) {
      const key = Buffer.from(token, 'base64url').toString('utf8');
      if (!key.startsWith(TOKEN_PREFIX)) return getBucket(ctx); // s3rver's own answer for a token it never gave
      const { 'continuation-token': _, ...rest } = ctx.query;
      ctx.query = { ...rest, 'start-after': key.slice(TOKEN_PREFIX.length) };
    }
    const page: { lastKey?: string } = {};
    await truncatedAt.run(page, () => getBucket(ctx));
    const result = ctx.body.ListBucketResult;
    if (!result) return;
    if (token) {
      delete result.StartAfter;
      result.ContinuationToken = token;
    }
    if (page.lastKey) {
      result.IsTruncated = true;
      result.NextContinuationToken = Buffer.from(TOKEN_PREFIX + page.lastKey).toString('base64url');
    }
  };
}

export interface LocalS3 {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/**
 * A local S3-compatible store (s3rver) for tests, benchmarks and the local cluster, on 127.0.0.1,
 * keeping its objects under `directory`, with `bucket` made when given (kept when it exists).
 */
export async function startLocalS3(opts: { directory: string; port?: number; bucket?: string }): Promise<LocalS3> {
  const server = new S3rver({ port: opts.port ?? 0, address: '127.0.0.1', silent: true, directory: opts.directory });
  serializeDeletes(server.store);
  pageWithoutDes(server.store);
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  if (opts.bucket) {
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: LOCAL_S3_KEYS });
    try {
      await client.send(new CreateBucketCommand({ Bucket: opts.bucket }));
    } catch (err) {
      if (!/BucketAlready/.test((err as Error).name)) throw err;
    } finally {
      client.destroy();
    }
  }
  return { endpoint, port, close: () => server.close() };
}
