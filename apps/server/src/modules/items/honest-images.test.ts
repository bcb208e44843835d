import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALT_TEXT_MAX, itemGetResultSchema } from '@curio/contract';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, unchecked, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  // A built app of one page, so that /i/{id} answers its head.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-honest-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>Curio</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, 'page-preloads.json'), '{}');
  t = await createTestApp({ STATIC_DIR: dir }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const itemOf = (json: unknown) => {
  const got = itemGetResultSchema.parse(json);
  if (got.access !== 'visible') throw new Error(`expected a visible item, got ${got.access}`);
  return got.item;
};
const getItem = async (itemId: string, cookie?: string) => t.call('item-get', { ...(cookie ? { cookie } : {}), body: { itemId } });
const base = (itemId: string) => ({ itemId, title: 'Tin robot', tags: 'robots', nsfw: false });

async function published(u: U, title = 'Tin robot') {
  return t.publish(u.cookie, photo, { title });
}

describe('alt text of the chosen image', () => {
  it('items-choose and items-update set it, trimmed; left out it stays, blank clears it; item-get answers it to everyone', async () => {
    const owner = await t.onboardedUser();
    const viewer = await t.onboardedUser();
    const item = await published(owner);
    expect(itemOf((await getItem(item.id)).json).altText).toBeNull();

    const chosen = await t.call('items-choose', {
      cookie: owner.cookie,
      body: { itemId: item.id, compositeId: item.variants[1]!.compositeId, altText: '  A red tin robot with a key in its back  ' },
    });
    expect(chosen.status).toBe(200);
    for (const cookie of [owner.cookie, viewer.cookie, undefined]) {
      expect(itemOf((await getItem(item.id, cookie)).json).altText).toBe('A red tin robot with a key in its back');
    }

    const kept = await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), title: 'Tin robot (boxed)' } });
    expect(kept.json.item.altText).toBe('A red tin robot with a key in its back');
    const edited = await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), altText: 'A tin robot, boxed' } });
    expect(edited.json.item.altText).toBe('A tin robot, boxed');
    expect(itemOf((await getItem(item.id, viewer.cookie)).json).altText).toBe('A tin robot, boxed');

    const cleared = await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), altText: '   ' } });
    expect(cleared.json.item.altText).toBeNull();
    expect(itemOf((await getItem(item.id)).json).altText).toBeNull();
  });

  it('is refused past its limit or with unsafe text, and only the owner may write it', async () => {
    const owner = await t.onboardedUser();
    const other = await t.onboardedUser();
    const item = await published(owner);
    const long = await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), altText: 'x'.repeat(ALT_TEXT_MAX + 1) } });
    expect(long.status).toBe(400);
    expect(long.json.error.fields).toEqual({ altText: 'too_long' });
    const nul = await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), altText: 'a\u0000b' } });
    expect(nul.json.error.fields).toEqual({ altText: 'unsafe_text' });
    expect((await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), altText: 'x'.repeat(ALT_TEXT_MAX) } })).status).toBe(200);
    expect((await t.call('items-update', { cookie: other.cookie, body: { ...base(item.id), altText: 'Theirs' } })).status).toBe(404);
    const choose = await t.call('items-choose', {
      cookie: other.cookie,
      body: { itemId: item.id, compositeId: item.variants[0]!.compositeId, altText: 'Theirs' },
    });
    expect(choose.status).toBe(404);
    expect(itemOf((await getItem(item.id)).json).altText).toBe('x'.repeat(ALT_TEXT_MAX));
  });

  it('cards carry it: the profile’s shelf, the owner’s shelf and saves', async () => {
    const owner = await t.onboardedUser();
    const viewer = await t.onboardedUser();
    const item = await t.publish(owner.cookie, photo, { title: 'Tin robot', place: true });
    await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), altText: 'A tin robot' } });
    const profile = await t.call('profile-get', { body: { handle: owner.handle } });
    const cards = [...profile.json.shelf.placed, ...profile.json.shelf.overflow] as { id: string; altText: string | null }[];
    expect(cards.find((c) => c.id === item.id)?.altText).toBe('A tin robot');
    const shelf = await t.call('shelf-get', { cookie: owner.cookie, body: {} });
    expect(shelf.json.items.find((i: { id: string }) => i.id === item.id).altText).toBe('A tin robot');
    await t.call('social-bookmark-toggle', { cookie: viewer.cookie, body: { itemId: item.id, saved: true } });
    const saves = await t.call('saves-list', { cookie: viewer.cookie, body: {} });
    expect(saves.json.items[0]).toMatchObject({ itemId: item.id, altText: 'A tin robot' });
  });
});

describe('photos: alt text and who sees them', () => {
  it('photos-update sets role and alt text (what is left out stays); photos-update-role still sets the role', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    const r = await t.call('photos-update', { cookie: owner.cookie, body: { imageId: item.photoImageId, altText: '  Front, in its box ' } });
    expect(r.status).toBe(200);
    expect(r.json.photo).toMatchObject({ imageId: item.photoImageId, role: 'front', altText: 'Front, in its box' });
    const role = await t.call('photos-update', { cookie: owner.cookie, body: { imageId: item.photoImageId, role: 'box' } });
    expect(role.json.photo).toMatchObject({ role: 'box', altText: 'Front, in its box' });
    const older = await t.call('photos-update-role', { cookie: owner.cookie, body: { imageId: item.photoImageId, role: 'side' } });
    expect(older.json.photo).toMatchObject({ role: 'side', altText: 'Front, in its box' });
    const photos = itemOf((await getItem(item.id)).json).photos;
    expect(photos).toEqual([{ id: expect.any(String), imageId: item.photoImageId, role: 'side', altText: 'Front, in its box' }]);
    const cleared = await t.call('photos-update', { cookie: owner.cookie, body: { imageId: item.photoImageId, altText: '' } });
    expect(cleared.json.photo.altText).toBeNull();
  });

  it('photos-update refuses others, guests and bad input', async () => {
    const owner = await t.onboardedUser();
    const other = await t.onboardedUser();
    const item = await published(owner);
    expect((await t.call('photos-update', { cookie: other.cookie, body: { imageId: item.photoImageId, altText: 'Theirs' } })).status).toBe(404);
    expect((await t.call('photos-update', { body: { imageId: item.photoImageId, altText: 'Guest' } })).status).toBe(401);
    const long = await t.call('photos-update', { cookie: owner.cookie, body: { imageId: item.photoImageId, altText: 'x'.repeat(ALT_TEXT_MAX + 1) } });
    expect(long.json.error.fields).toEqual({ altText: 'too_long' });
    const role = await t.call('photos-update', { cookie: owner.cookie, body: unchecked({ imageId: item.photoImageId, role: 'top' }) });
    expect(role.json.error.fields).toEqual({ role: 'invalid_value' });
    expect(itemOf((await getItem(item.id)).json).photos[0]!.altText).toBeNull();
  });

  it('the real photos are answered, and served, to whoever may see the item; never for a private profile', async () => {
    const owner = await t.onboardedUser();
    const viewer = await t.onboardedUser();
    const item = await published(owner);
    for (const cookie of [viewer.cookie, undefined]) {
      expect(itemOf((await getItem(item.id, cookie)).json).photos.map((p) => p.imageId)).toEqual([item.photoImageId]);
      expect((await t.request(`/img/${item.photoImageId}/public`, cookie ? { cookie } : {})).status).toBe(200);
    }
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    for (const cookie of [viewer.cookie, undefined]) {
      const r = await getItem(item.id, cookie);
      expect(r.json.access).toBe('private');
      expect(JSON.stringify(r.json)).not.toContain(item.photoImageId);
      expect((await t.request(`/img/${item.photoImageId}/public`, cookie ? { cookie } : {})).status).toBe(404);
    }
  });
});

describe('alt text in link previews', () => {
  it('the share page names the image with its alt text (escaped), labels it as styled by AI, and falls back to the title', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Robot <3');
    const before = await (await t.request(`/s/item/${item.id}`)).text();
    expect(before).toContain('<meta property="og:image:alt" content="Robot &lt;3">');
    expect(before).toContain('<meta name="twitter:image:alt" content="Robot &lt;3">');
    await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), title: 'Robot <3', altText: 'A "red" tin robot' } });
    const html = await (await t.request(`/s/item/${item.id}`)).text();
    expect(html).toContain('<meta property="og:image:alt" content="A &quot;red&quot; tin robot">');
    expect(html).toMatch(/<img src="[^"]+\/img\/[^"]+\/public" alt="A &quot;red&quot; tin robot"/);
    expect(html).toContain('>AI-styled</figcaption>');
  });

  it('the item page’s server-rendered head names its image and alt text, for an item anyone may see that is not NSFW', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), altText: 'A tin robot & its key' } });
    const head = async () => {
      const html = await (await t.request(`/i/${item.id}`)).text();
      return html.slice(0, html.indexOf('</head>'));
    };
    const shown = await head();
    expect(shown).toContain(`<meta property="og:image" content="${t.env.PUBLIC_URL}/img/${item.imageId}/public">`);
    expect(shown).toContain('<meta property="og:image:alt" content="A tin robot &amp; its key">');
    await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), nsfw: true } });
    expect(await head()).not.toContain('og:image');
    await t.call('items-update', { cookie: owner.cookie, body: { ...base(item.id), nsfw: false } });
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    expect(await head()).not.toContain('og:image');
  });
});
