import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemGetResultSchema } from '@curio/contract';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

async function published(u: U, metadata: string) {
  return (await t.publish(u.cookie, photo, { title: 'Tin robot', metadata })).id;
}

const itemOf = (json: unknown) => {
  const got = itemGetResultSchema.parse(json);
  if (got.access !== 'visible') throw new Error(`expected a visible item, got ${got.access}`);
  return got.item;
};

describe('item notes (the wizard step 1 notes, stored as metadata)', () => {
  it('item-get returns the notes to the owner and to nobody else', async () => {
    const owner = await t.onboardedUser();
    const other = await t.onboardedUser();
    const id = await published(owner, 'Bought in Osaka, 1998. Box slightly dented.');

    const own = await t.call('item-get', { cookie: owner.cookie, body: { itemId: id } });
    expect(own.status).toBe(200);
    expect(itemOf(own.json).notes).toBe('Bought in Osaka, 1998. Box slightly dented.');

    for (const cookie of [other.cookie, undefined]) {
      const r = await t.call('item-get', { ...(cookie ? { cookie } : {}), body: { itemId: id } });
      expect(r.status).toBe(200);
      expect(r.json.item).not.toHaveProperty('notes');
      expect(JSON.stringify(r.json)).not.toContain('Osaka');
    }
  });

  it('items-update edits the notes, keeps them when left out and clears them when blank', async () => {
    const owner = await t.onboardedUser();
    const id = await published(owner, 'First note');
    const base = { itemId: id, title: 'Tin robot', tags: 'robots', nsfw: false };

    const edited = await t.call('items-update', { cookie: owner.cookie, body: { ...base, notes: '  Second note  ' } });
    expect(edited.status).toBe(200);
    expect(edited.json.item.notes).toBe('Second note');
    expect(itemOf((await t.call('item-get', { cookie: owner.cookie, body: { itemId: id } })).json).notes).toBe('Second note');

    const kept = await t.call('items-update', { cookie: owner.cookie, body: { ...base, title: 'Tin robot (boxed)' } });
    expect(kept.json.item.notes).toBe('Second note');

    const cleared = await t.call('items-update', { cookie: owner.cookie, body: { ...base, notes: '   ' } });
    expect(cleared.json.item.notes).toBeNull();
    expect(itemOf((await t.call('item-get', { cookie: owner.cookie, body: { itemId: id } })).json).notes).toBeNull();
  });

  it('refuses notes longer than the limit, and nobody else can edit them', async () => {
    const owner = await t.onboardedUser();
    const other = await t.onboardedUser();
    const id = await published(owner, 'Mine');
    const base = { itemId: id, title: 'Tin robot', tags: 'robots', nsfw: false };
    expect((await t.call('items-update', { cookie: owner.cookie, body: { ...base, notes: 'x'.repeat(1001) } })).status).toBe(400);
    expect((await t.call('items-update', { cookie: other.cookie, body: { ...base, notes: 'Theirs' } })).status).toBe(404);
    expect(itemOf((await t.call('item-get', { cookie: owner.cookie, body: { itemId: id } })).json).notes).toBe('Mine');
  });
});
