import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { startTcpProxy } from '../test/tcp-proxy';
import { pngBytes } from '../test/images';
import { LOCAL_S3_KEYS, startLocalS3, type LocalS3 } from './local-s3';
import { presignGet, SIGNED_URL_WINDOW_SECONDS } from './s3-storage';

// Images kept in an S3-compatible store (a local s3rver): served by the app with the same cache
// rules, or handed out as signed URLs on S3_PUBLIC_URL; uploads while the store is down fail cleanly.
let server: LocalS3 | undefined;
let endpoint = '';
let s3: S3Client;
// The app reaches the store through a proxy the test can cut ("the store is down").
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let viaProxy = '';
const keys = { S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey };

beforeAll(async () => {
  server = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-s3-images-')), bucket: 'curio-img' });
  endpoint = server.endpoint;
  proxy = await startTcpProxy({ host: '127.0.0.1', port: server.port });
  viaProxy = `http://127.0.0.1:${proxy.port}`;
  s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: LOCAL_S3_KEYS });
});
afterAll(async () => {
  s3.destroy();
  await proxy?.close();
  await server?.close();
});

const objectsUnder = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: 'curio-img', Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

describe('images in the object store, served by the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ S3_BUCKET: 'curio-img', S3_ENDPOINT: viaProxy, ...keys });
  });
  afterAll(() => t.close());

  it('stores the variants in the bucket and serves them with the immutable cache rules and ETag', async () => {
    const user = await t.signUp();
    const up = await t.upload(user.cookie, await pngBytes(320, 240), 'p.png', 'image/png');
    expect(up.res!.status).toBe(200);
    expect((await objectsUnder(`images/${up.imageId}/`)).sort()).toEqual(
      ['avatar.webp', 'master.png', 'public.webp', 'thumb.webp'].map((n) => `images/${up.imageId}/${n}`),
    );
    const res = await t.request(`/img/${up.imageId}/thumb`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('image/webp');
    const etag = res.headers.get('etag')!;
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await t.request(`/img/${up.imageId}/thumb`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('answers a clear 503 while the store is down, stores nothing half, and works again once it is back', async () => {
    const user = await t.signUp();
    await proxy.cut();
    try {
      const up = await t.upload(user.cookie, await pngBytes(200, 200), 'p.png', 'image/png');
      expect(up.res!.status).toBe(503);
      const body = (await up.res!.json()) as { error: { code: string } };
      expect(body.error.code).toBe('unavailable');
      expect(up.res!.headers.get('retry-after')).toBe('5');
      const imageId = up.signed.json.imageId as string;
      expect(await t.services.images.find(imageId)).toBeFalsy();
      expect(await objectsUnder(`images/${imageId}/`)).toEqual([]);
    } finally {
      await proxy.restore();
    }
    const again = await t.upload(user.cookie, await pngBytes(200, 200), 'p.png', 'image/png');
    expect(again.res!.status).toBe(200);
  });
});

describe('images in the object store behind a CDN (S3_PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The store itself stands in for the CDN: the signed URL must be accepted by it.
    t = await createTestApp({ S3_BUCKET: 'curio-img', S3_ENDPOINT: endpoint, S3_PUBLIC_URL: endpoint, ...keys });
  });
  afterAll(() => t.close());

  it('redirects to a signed URL that the store accepts, the same one for the whole window', async () => {
    const user = await t.signUp();
    const up = await t.upload(user.cookie, await pngBytes(320, 240), 'p.png', 'image/png');
    const res = await t.request(`/img/${up.imageId}/public`);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${endpoint}/curio-img/images/${up.imageId}/public.webp?`)).toBe(true);
    expect(location).toContain('X-Amz-Signature=');
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    const direct = await t.services.images.read(up.imageId!, 'public');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(direct!)).toBe(true);
    expect((await t.request(`/img/${up.imageId}/public`)).headers.get('location')).toBe(location);
  });

  it('answers 404 for an unknown image instead of a redirect', async () => {
    expect((await t.request('/img/unknownimage123456/public')).status).toBe(404);
  });

  it('signs exactly as the AWS SDK signer does, so real stores and CDNs accept the URL', async () => {
    // s3rver does not check V4 signatures: compare with the signer the SDK itself uses.
    type Data = string | ArrayBuffer | ArrayBufferView;
    const bytes = (d: Data) => (typeof d === 'string' ? d : ArrayBuffer.isView(d) ? Buffer.from(d.buffer, d.byteOffset, d.byteLength) : Buffer.from(d));
    class Sha256 {
      private h;
      constructor(secret?: Data) {
        this.h = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
      }
      update(data: Data) {
        this.h.update(bytes(data));
      }
      async digest() {
        return new Uint8Array(this.h.digest());
      }
    }
    const cfg = {
      publicUrl: 'https://cdn.example.org',
      bucket: 'curio',
      region: 'eu-central-1',
      accessKeyId: 'AKEXAMPLE',
      secretAccessKey: 'secret/Example+Key',
    };
    const now = new Date('2026-11-22T15:42:10Z');
    const ours = new URL(presignGet(cfg, 'images/Ab-c_1/public.webp', now));
    const sdk = new SignatureV4({ service: 's3', region: cfg.region, credentials: cfg, sha256: Sha256, uriEscapePath: false, applyChecksum: false });
    const reference = await sdk.presign(
      {
        method: 'GET',
        protocol: 'https:',
        hostname: 'cdn.example.org',
        path: '/curio/images/Ab-c_1/public.webp',
        headers: { host: 'cdn.example.org', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        query: {},
      },
      {
        signingDate: new Date('2026-11-22T00:00:00Z'), // the start of the signing window
        expiresIn: 2 * SIGNED_URL_WINDOW_SECONDS,
        unsignableHeaders: new Set(['x-amz-content-sha256']),
        unhoistableHeaders: new Set(['x-amz-content-sha256']),
      },
    );
    expect(Object.fromEntries(ours.searchParams)).toEqual(reference.query);
    expect(ours.pathname).toBe(reference.path);
    // Another moment in the same window gives the same URL; the next window another one.
    expect(presignGet(cfg, 'images/Ab-c_1/public.webp', new Date('2026-11-22T23:59:59Z'))).toBe(ours.toString());
    expect(presignGet(cfg, 'images/Ab-c_1/public.webp', new Date('2026-11-23T00:00:00Z'))).not.toBe(ours.toString());
  });
});
