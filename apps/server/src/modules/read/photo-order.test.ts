import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('item photos', { tags: ['postgres'] }, () => {
  it('follow their roles (front, side, back, box, detail), then upload order', async () => {
    const u = await t.onboardedUser();
    const item = await t.call('items-create', { cookie: u.cookie, body: { title: 'Tin robot', tags: '' } });
    const itemId = item.json.item.id as string;
    // Uploaded detail first, front last: the page used to show the detail photo first.
    const added: Array<{ role: string; imageId: string }> = [];
    for (const [i, role] of (['detail', 'box', 'side', 'front', 'side'] as const).entries()) {
      const up = await t.upload(u.cookie, await pngBytes(40 + i, 30), 'photo.png', 'image/png');
      expect(up.imageId, `${up.res?.status} ${JSON.stringify(up.signed.json)}`).toBeTruthy();
      const res = await t.call('photos-add', { cookie: u.cookie, body: { itemId, imageId: up.imageId!, role } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      added.push({ role, imageId: up.imageId! });
    }
    const got = await t.call('item-get', { cookie: u.cookie, body: { itemId } });
    expect(got.status).toBe(200);
    const photos = got.json.item.photos as Array<{ role: string; imageId: string }>;
    expect(photos.map((p) => p.role)).toEqual(['front', 'side', 'side', 'box', 'detail']);
    // The two side photos keep the order they were uploaded in.
    expect(photos.filter((p) => p.role === 'side').map((p) => p.imageId)).toEqual(added.filter((p) => p.role === 'side').map((p) => p.imageId));
  });
});
