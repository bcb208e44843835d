import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithGps, pngBytes, svgBytes, textBytes } from '../../test/images';
import { createTestApp, TEST_ORIGIN, type TestApp, unchecked } from '../../test/harness';

let t: TestApp;
let user: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp({ UPLOADS_PER_HOUR: '40' });
  user = await t.signUp();
});
afterAll(() => t.close());

describe('uploads-sign', () => {
  it('needs a signed-in user', async () => {
    expect((await t.call('uploads-sign', { body: { kind: 'photo', fileName: 'a.jpg', contentType: 'image/jpeg' } })).status).toBe(401);
  });

  it('hands out a single-use upload URL and an image id', async () => {
    const r = await t.call('uploads-sign', { cookie: user.cookie, body: { kind: 'photo', fileName: 'a.jpg', contentType: 'image/jpeg' } });
    expect(r.status).toBe(200);
    expect(r.json.uploadURL).toMatch(/^\/storage\/v1\/upload\/[A-Za-z0-9_-]{20,}$/);
    expect(r.json.imageId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it.each([
    ['an SVG type', { kind: 'photo', fileName: 'a.svg', contentType: 'image/svg+xml' }],
    ['a text type', { kind: 'photo', fileName: 'a.txt', contentType: 'text/plain' }],
    ['an unknown kind', { kind: 'video', fileName: 'a.jpg', contentType: 'image/jpeg' }],
    ['no file name', { kind: 'photo', fileName: '', contentType: 'image/jpeg' }],
  ])('refuses %s', async (_label, body) => {
    const r = await t.call('uploads-sign', { cookie: user.cookie, body: unchecked(body) });
    expect(r.status).toBe(400);
  });
});

describe('the signed upload', () => {
  it('stores a PNG with its three variants', async () => {
    const up = await t.upload(user.cookie, await pngBytes(640, 480), 'photo.png', 'image/png');
    expect(up.res!.status).toBe(200);
    expect(await up.res!.json()).toEqual({ imageId: up.imageId, width: 640, height: 480 });
    for (const [variant, max] of [
      ['public', 1600],
      ['thumb', 480],
      ['avatar', 256],
    ] as const) {
      const res = await t.request(`/img/${up.imageId}/${variant}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(max);
      if (variant === 'avatar') expect([meta.width, meta.height]).toEqual([256, 256]);
    }
  });

  it('applies the orientation and strips EXIF and GPS before storing a JPEG', async () => {
    const up = await t.upload(user.cookie, await jpegWithGps(120, 80));
    expect(up.res!.status).toBe(200);
    // Orientation 6: the stored image is turned upright (80 × 120).
    expect(await up.res!.json()).toMatchObject({ width: 80, height: 120 });
    const master = await t.services.images.readMaster(up.imageId!);
    const meta = await sharp(master!).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(master!.includes(Buffer.from('CurioCam'))).toBe(false);
    const pub = Buffer.from(await (await t.request(`/img/${up.imageId}/public`)).arrayBuffer());
    expect((await sharp(pub).metadata()).exif).toBeUndefined();
  });

  it('refuses an SVG sent under an image type, and nothing is stored', async () => {
    const up = await t.upload(user.cookie, svgBytes, 'photo.png', 'image/png');
    expect(up.res!.status).toBe(400);
    expect(((await up.res!.json()) as any).error.code).toBe('upload_invalid');
    expect((await t.request(`/img/${up.signed.json.imageId}/public`)).status).toBe(404);
    expect(await t.services.images.find(up.signed.json.imageId)).toBeNull();
  });

  it('refuses a text file renamed .jpg', async () => {
    const up = await t.upload(user.cookie, textBytes, 'holiday.jpg', 'image/jpeg');
    expect(up.res!.status).toBe(400);
    const body = (await up.res!.json()) as any;
    expect(body.error).toMatchObject({ code: 'upload_invalid', message: 'This file is not an image' });
    expect(await t.services.images.find(up.signed.json.imageId)).toBeNull();
  });

  it('refuses a decompression bomb (over 40 megapixels) without decoding it', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const up = await t.upload(user.cookie, bomb, 'bomb.png', 'image/png');
    expect(up.res!.status).toBe(400);
    expect(((await up.res!.json()) as any).error.message).toMatch(/40 megapixels/);
  });

  it('refuses a file over 15 MB with 413', async () => {
    const up = await t.upload(user.cookie, Buffer.alloc(15 * 1024 * 1024 + 10, 1), 'big.jpg', 'image/jpeg');
    expect(up.res!.status).toBe(413);
  });

  it('is single-use, bound to its user and needs a session', async () => {
    const signed = await t.call('uploads-sign', { cookie: user.cookie, body: { kind: 'photo', fileName: 'a.png', contentType: 'image/png' } });
    const send = async (cookie?: string) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'a.png');
      return t.app.request(`${TEST_ORIGIN}${signed.json.uploadURL}`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
        body: form,
      });
    };
    const other = await t.signUp();
    expect((await send()).status).toBe(401);
    expect((await send(other.cookie)).status).toBe(404);
    expect((await send(user.cookie)).status).toBe(200);
    const again = await send(user.cookie);
    expect(again.status).toBe(400);
    expect(((await again.json()) as any).error.code).toBe('upload_expired');
  });

  it('expires after 10 minutes', async () => {
    const signed = await t.call('uploads-sign', { cookie: user.cookie, body: { kind: 'photo', fileName: 'a.png', contentType: 'image/png' } });
    const token = signed.json.uploadURL.split('/').pop();
    const { uploadTokens } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(uploadTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadTokens.token, token));
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'a.png');
    const res = await t.app.request(`${TEST_ORIGIN}${signed.json.uploadURL}`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      body: form,
    });
    expect(res.status).toBe(400);
  });

  it('answers 400 when the form has no file field', async () => {
    const signed = await t.call('uploads-sign', { cookie: user.cookie, body: { kind: 'photo', fileName: 'a.png', contentType: 'image/png' } });
    const form = new FormData();
    form.set('other', 'x');
    const res = await t.app.request(`${TEST_ORIGIN}${signed.json.uploadURL}`, {
      method: 'POST',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      body: form,
    });
    expect(res.status).toBe(400);
  });
});

describe('image delivery', () => {
  it('serves immutable bytes with a strong ETag and answers 304 on revalidation', async () => {
    const up = await t.upload(user.cookie, await pngBytes());
    const res = await t.request(`/img/${up.imageId}/thumb`);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const again = await t.request(`/img/${up.imageId}/thumb`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('answers 404 for an unknown id or variant', async () => {
    const up = await t.upload(user.cookie, await pngBytes());
    expect((await t.request(`/img/${up.imageId}/huge`)).status).toBe(404);
    expect((await t.request('/img/AAAAAAAAAAAAAAAAAAAAAA/public')).status).toBe(404);
    expect((await t.request('/img/AAAAAAAAAAAAAAAAAAAAAA/public', { headers: { 'if-none-match': '"AAAAAAAAAAAAAAAAAAAAAA.public.v1"' } })).status).toBe(404);
    expect((await t.request('/img/..%2F..%2Fetc/public')).status).toBe(404);
  });
});

describe('upload rate limit', () => {
  it('refuses more than UPLOADS_PER_HOUR signatures per user with 429 and Retry-After', async () => {
    const u = await t.signUp();
    let last;
    for (let i = 0; i < 41; i++) {
      last = await t.call('uploads-sign', { cookie: u.cookie, body: { kind: 'photo', fileName: 'a.png', contentType: 'image/png' } });
    }
    expect(last!.status).toBe(429);
    expect(last!.res.headers.get('retry-after')).toBeTruthy();
  });

  it('lets exactly UPLOADS_PER_HOUR of 200 concurrent signatures through (no more, no 500)', { tags: ['postgres'] }, async () => {
    const u = await t.signUp();
    const results = await Promise.all(
      Array.from({ length: 200 }, () => t.call('uploads-sign', { cookie: u.cookie, body: { kind: 'photo', fileName: 'a.png', contentType: 'image/png' } })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.filter((s) => s === 429)).toHaveLength(160);
    const refused = results.find((r) => r.status === 429)!;
    expect(refused.json.error.code).toBe('rate_limited');
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user has a limit of their own.
    const other = await t.signUp();
    expect((await t.call('uploads-sign', { cookie: other.cookie, body: { kind: 'photo', fileName: 'a.png', contentType: 'image/png' } })).status).toBe(200);
  });
});
