import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoRole, Style } from '@curio/contract';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

/** Unfinished items (issue 22): the wizard resumes them where they stopped, and every variant paid for stays listed. */
let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(320, 400);
});
afterAll(() => t.close());

type U = Awaited<ReturnType<TestApp['onboardedUser']>>;
const create = async (u: U, title: string) => (await t.call('items-create', { cookie: u.cookie, body: { title, tags: 'robots, tin' } })).json.item.id as string;
const addPhoto = async (u: U, itemId: string, role: PhotoRole = 'front') => {
  const up = await t.upload(u.cookie, photo);
  await t.call('photos-add', { cookie: u.cookie, body: { itemId, imageId: up.imageId!, role } });
  return up.imageId as string;
};
const generate = async (u: U, itemId: string, style: Style) =>
  (await t.call('items-generate', { cookie: u.cookie, body: { itemId, style } })).json.variants as { compositeId: string; imageId: string }[];

describe('items-unfinished-list', () => {
  it('lists the items without a chosen image, newest first, with the step each resumes at and its photos', async () => {
    const u = await t.onboardedUser();
    const bare = await create(u, 'No photo yet');
    const withPhoto = await create(u, 'Photographed');
    const imageId = await addPhoto(u, withPhoto, 'side');
    const generated = await create(u, 'Generated');
    await addPhoto(u, generated);
    await generate(u, generated, 'manga_halftone');
    const finished = await t.publishedItem(u.cookie, photo, 'Finished');

    const r = await t.call('items-unfinished-list', { cookie: u.cookie, method: 'GET' });
    expect(r.status).toBe(200);
    expect(r.json.items.map((i: { id: string }) => i.id)).toEqual([generated, withPhoto, bare]);
    expect(r.json.items.map((i: { id: string }) => i.id)).not.toContain(finished);
    const [g, p, b] = r.json.items;
    expect(g).toMatchObject({ title: 'Generated', step: 'generate', photoCount: 1 });
    expect(p).toMatchObject({ title: 'Photographed', step: 'style', photoCount: 1, tags: ['robots', 'tin'], nsfw: false });
    expect(p.photos).toEqual([{ imageId, role: 'side', prep: expect.stringMatching(/^(pending|ready)$/) }]);
    expect(b).toMatchObject({ step: 'photos', photoCount: 0, photos: [] });
    // Kept for the clean-up's 24 hours from creation.
    expect(Date.parse(b.expiresAt) - Date.parse(b.createdAt)).toBe(24 * 3600_000);
  });

  it("answers only the caller's own, and needs a session", async () => {
    const [a, other] = [await t.onboardedUser(), await t.onboardedUser()];
    await create(a, 'Mine');
    expect((await t.call('items-unfinished-list', { cookie: other.cookie, method: 'GET' })).json.items).toEqual([]);
    expect((await t.call('items-unfinished-list', { method: 'GET' })).status).toBe(401);
  });
});

describe('items-variants-list', () => {
  it('lists every variant generated for the item across styles, so that none paid for is lost', async () => {
    const u = await t.onboardedUser();
    const itemId = await create(u, 'Compared');
    await addPhoto(u, itemId);
    const first = await generate(u, itemId, 'bright_gallery');
    const second = await generate(u, itemId, 'manga_halftone');
    const r = await t.call('items-variants-list', { cookie: u.cookie, method: 'GET', query: { itemId } });
    expect(r.status).toBe(200);
    expect(r.json.variants).toHaveLength(first.length + second.length);
    expect(r.json.variants.map((v: { compositeId: string }) => v.compositeId)).toEqual([...first, ...second].map((v) => v.compositeId));
    expect(r.json.variants[0]).toMatchObject({ style: 'bright_gallery', variantNo: 1, imageId: first[0]!.imageId });
    expect(r.json.variants.at(-1)).toMatchObject({ style: 'manga_halftone' });
  });

  it("is the owner's only", async () => {
    const [u, other] = [await t.onboardedUser(), await t.onboardedUser()];
    const itemId = await create(u, 'Private drafts');
    expect((await t.call('items-variants-list', { cookie: other.cookie, method: 'GET', query: { itemId } })).status).toBe(404);
    expect((await t.call('items-variants-list', { method: 'GET', query: { itemId } })).status).toBe(401);
    expect((await t.call('items-variants-list', { cookie: u.cookie, method: 'GET', query: { itemId: 'nope' } })).status).toBe(400);
  });
});

describe('items-choose on a saved item ("change image")', () => {
  it('puts another kept variant on the item at once for everyone, and refuses one of another item', async () => {
    const [u, guestViewer] = [await t.onboardedUser(), await t.onboardedUser()];
    const itemId = await create(u, 'Changed robot');
    await addPhoto(u, itemId);
    const variants = await generate(u, itemId, 'bright_gallery');
    await t.call('items-choose', { cookie: u.cookie, body: { itemId, compositeId: variants[0]!.compositeId } });
    await t.call('items-place', { cookie: u.cookie, body: { itemId } });
    // Seen once with the first image, by a guest and by another collector (item pages are kept for a few seconds).
    expect((await t.call('item-get', { body: { itemId } })).json.item.imageId).toBe(variants[0]!.imageId);
    expect((await t.call('item-get', { cookie: guestViewer.cookie, body: { itemId } })).json.item.imageId).toBe(variants[0]!.imageId);
    const r = await t.call('items-choose', { cookie: u.cookie, body: { itemId, compositeId: variants[3]!.compositeId } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ itemId, chosenCompositeId: variants[3]!.compositeId, imageId: variants[3]!.imageId });
    expect((await t.call('item-get', { body: { itemId } })).json.item.imageId).toBe(variants[3]!.imageId);
    const seen = (await t.call('item-get', { cookie: guestViewer.cookie, body: { itemId } })).json.item;
    expect(seen.imageId).toBe(variants[3]!.imageId);
    expect(seen.composites.find((c: { chosen: boolean }) => c.chosen).id).toBe(variants[3]!.compositeId);
    const shelf = await t.call('shelf-get', { cookie: u.cookie });
    expect(shelf.json.items.find((i: { id: string }) => i.id === itemId)).toMatchObject({ imageId: variants[3]!.imageId });

    const other = await create(u, 'Other');
    await addPhoto(u, other);
    const foreign = await generate(u, other, 'bright_gallery');
    const refused = await t.call('items-choose', { cookie: u.cookie, body: { itemId, compositeId: foreign[0]!.compositeId } });
    expect(refused.status).toBe(400);
    expect((await t.call('items-choose', { cookie: guestViewer.cookie, body: { itemId, compositeId: variants[1]!.compositeId } })).status).toBe(404);
  });
});
