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
