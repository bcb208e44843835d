import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_S3_KEYS, startLocalS3, type LocalS3 } from './local-s3';

describe('the local S3-compatible store', () => {
  let s3: LocalS3;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-local-s3-')), bucket: 'curio-local' });
    // No retries: a failure on the first try must show.
    client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: LOCAL_S3_KEYS, maxAttempts: 1 });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
  });

  it("removes an image's four objects in one DeleteObjects request on the first try, every time", async () => {
    const names = ['avatar.webp', 'master.png', 'public.webp', 'thumb.webp'];
    for (let i = 0; i < 30; i++) {
      const keys = names.map((n) => `images/img${i}/${n}`);
      await Promise.all(keys.map((Key) => client.send(new PutObjectCommand({ Bucket: 'curio-local', Key, Body: Buffer.alloc(2048, i) }))));
      await client.send(new DeleteObjectsCommand({ Bucket: 'curio-local', Delete: { Objects: keys.map((Key) => ({ Key })) } }));
    }
    const left = await client.send(new ListObjectsV2Command({ Bucket: 'curio-local', Prefix: 'images/' }));
    expect(left.Contents ?? []).toEqual([]);
  });
});
