import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemGetResultSchema } from '@curio/contract';
import { pngBytes, stubGenerator } from '../../test/images';
import { items } from '../../db/schema';
import { countQueries } from '../../test/query-count';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
});
afterAll(() => t.close());

describe('item-get reads an item page in one query', () => {
  it('answers a guest and a signed-in viewer (session in memory) with one round trip each', async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'One query');
    const viewer = await t.onboardedUser();
    await t.call('social-like-toggle', { cookie: viewer.cookie, body: { itemId: item, liked: true } });
    const counter = countQueries(t.database);
    try {
      const guest = await t.call('item-get', { body: { itemId: item } });
      expect(guest.status).toBe(200);
      expect(itemGetResultSchema.parse(guest.json)).toMatchObject({ access: 'visible', viewer: { signedIn: false, liked: false, saved: false } });
      expect(guest.json.item.photos).toHaveLength(1);
      expect(counter.texts, counter.texts.join('\n')).toHaveLength(1);

      counter.reset();
      const signedIn = await t.call('item-get', { cookie: viewer.cookie, body: { itemId: item } });
      expect(itemGetResultSchema.parse(signedIn.json)).toMatchObject({ access: 'visible', viewer: { signedIn: true, liked: true, saved: false, isAdmin: false } });
      expect(counter.texts, counter.texts.join('\n')).toHaveLength(1);
    } finally {
      counter.restore();
    }
  });

  it('shows no photos and no marks of someone else\'s hidden item, and the owner everything', async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Hidden later');
    const fan = await t.onboardedUser();
    await t.call('social-bookmark-toggle', { cookie: fan.cookie, body: { itemId: item, saved: true } });
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, item));
    const seen = await t.call('item-get', { cookie: fan.cookie, body: { itemId: item } });
    expect(seen.json).toMatchObject({ access: 'removed', viewer: { saved: false } });
    expect(JSON.stringify(seen.json)).not.toContain('photos');
    const own = await t.call('item-get', { cookie: owner.cookie, body: { itemId: item } });
    expect(own.json.access).toBe('visible');
    expect(own.json.item.photos).toHaveLength(1);
  });
});
