import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp, unchecked } from '../../test/harness';
import { samplePhoto } from '../generation/sample-photos';

let t: TestApp;
let photo: Buffer;
const generator = stubGenerator();
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com' }, { generator });
  photo = await pngBytes(320, 400);
});
afterAll(() => t.close());

describe('items-create', () => {
  it('needs a signed-in user with a shelf', async () => {
    expect((await t.call('items-create', { body: { title: 'x' } })).status).toBe(401);
    const noShelf = await t.signUp();
    expect((await t.call('items-create', { cookie: noShelf.cookie, body: { title: 'x' } })).status).toBe(404);
  });

  it('trims the title and splits tags on commas, dropping empties', async () => {
    const u = await t.onboardedUser();
    const r = await t.call('items-create', { cookie: u.cookie, body: { title: '  Tin robot  ', tags: ' robots, ,tin ,  ', nsfw: false, metadata: '' } });
    expect(r.status).toBe(200);
    expect(r.json.item).toMatchObject({ title: 'Tin robot', tags: ['robots', 'tin'], nsfw: false, metadata: null });
  });

  it.each([
    ['a blank title', { title: '   ' }],
    ['a missing title', {}],
    ['a title over 100 characters', { title: 'x'.repeat(101) }],
    ['a non-boolean nsfw', { title: 'x', nsfw: 'yes' }],
  ])('refuses %s', async (_label, body) => {
    const u = await t.onboardedUser();
    const r = await t.call('items-create', { cookie: u.cookie, body: unchecked(body) });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('validation_failed');
  });

  it('lets exactly one of several concurrent creations through at 49 items', { tags: ['postgres'] }, async () => {
    const u = await t.onboardedUser();
    const { items } = await import('../../db/schema');
    await t.database.db.insert(items).values(Array.from({ length: 49 }, (_, i) => ({ shelfId: u.shelfId, userId: u.userId, title: `Item ${i}` })));
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => t.call('items-create', { cookie: u.cookie, body: { title: `Race ${i}` } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json.error).toMatchObject({ code: 'item_limit', message: "You've reached the maximum of 50 items" });
  });
});

describe('photos', () => {
  it('adds an uploaded image as a photo, changes its role and deletes it', async () => {
    const u = await t.itemWithPhoto(photo);
    const role = await t.call('photos-update-role', { cookie: u.cookie, body: { imageId: u.imageId, role: 'box' } });
    expect(role.json.photo).toMatchObject({ imageId: u.imageId, role: 'box', itemId: u.itemId });
    const del = await t.call('photos-delete', { cookie: u.cookie, body: { imageId: u.imageId } });
    expect(del.status).toBe(200);
    expect((await t.request(`/img/${u.imageId}/thumb`)).status).toBe(404);
    expect((await t.call('photos-delete', { cookie: u.cookie, body: { imageId: u.imageId } })).status).toBe(404);
  });

  it('refuses an unknown role and a malformed id', async () => {
    const u = await t.itemWithPhoto(photo);
    expect((await t.call('photos-update-role', { cookie: u.cookie, body: unchecked({ imageId: u.imageId, role: 'top' }) })).status).toBe(400);
    expect((await t.call('photos-add', { cookie: u.cookie, body: { itemId: 'nope', imageId: u.imageId } })).status).toBe(400);
  });

  it("refuses another user's item and image, changing nothing", async () => {
    const owner = await t.itemWithPhoto(photo);
    const other = await t.onboardedUser();
    const otherUpload = await t.upload(other.cookie, photo);
    expect((await t.call('photos-add', { cookie: other.cookie, body: { itemId: owner.itemId, imageId: otherUpload.imageId! } })).status).toBe(404);
    expect((await t.call('photos-update-role', { cookie: other.cookie, body: { imageId: owner.imageId, role: 'back' } })).status).toBe(404);
    expect((await t.call('photos-delete', { cookie: other.cookie, body: { imageId: owner.imageId } })).status).toBe(404);
    // The owner's photo is untouched.
    expect((await t.request(`/img/${owner.imageId}/thumb`)).status).toBe(200);
    const role = await t.call('photos-update-role', { cookie: owner.cookie, body: { imageId: owner.imageId, role: 'front' } });
    expect(role.json.photo.role).toBe('front');
    // Nor can the owner attach someone else's upload.
    const stolen = await t.call('photos-add', { cookie: owner.cookie, body: { itemId: owner.itemId, imageId: otherUpload.imageId! } });
    expect(stolen.status).toBe(404);
  });

  it('holds at most 10 photos per item, even when added at once', { tags: ['postgres'] }, async () => {
    const u = await t.itemWithPhoto(photo);
    const uploads = await Promise.all(Array.from({ length: 11 }, () => t.upload(u.cookie, photo)));
    const results = await Promise.all(uploads.map((up) => t.call('photos-add', { cookie: u.cookie, body: { itemId: u.itemId, imageId: up.imageId! } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(9);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json.error).toMatchObject({ code: 'photo_limit', message: 'Maximum 10 photos allowed' });
  });
});

describe('credits', () => {
  it('answers the balance from the ledger', async () => {
    const u = await t.onboardedUser();
    expect((await t.call('get-credit-balance', { cookie: u.cookie })).json).toMatchObject({ balance: 30, refillAmount: 30 });
    expect((await t.call('get-credit-balance')).status).toBe(401);
  });
});

describe('items-generate', () => {
  it('makes five variants in the chosen style and takes 3 credits', async () => {
    const u = await t.itemWithPhoto(photo);
    const r = await t.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'manga_halftone' } });
    expect(r.status).toBe(200);
    expect(r.json.variants).toHaveLength(5);
    expect(r.json.variants.map((v: any) => v.variantNo)).toEqual([1, 2, 3, 4, 5]);
    for (const v of r.json.variants) expect((await t.request(`/img/${v.imageId}/public`)).status).toBe(200);
    expect((await t.call('get-credit-balance', { cookie: u.cookie })).json.balance).toBe(27);
  });

  it('needs at least one photo', async () => {
    const u = await t.onboardedUser();
    const item = await t.call('items-create', { cookie: u.cookie, body: { title: 'Bare' } });
    const r = await t.call('items-generate', { cookie: u.cookie, body: { itemId: item.json.item.id, style: 'bookshelf_hero' } });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: 'needs_photo', message: 'Please upload at least 1 photo' });
    expect((await t.call('get-credit-balance', { cookie: u.cookie })).json.balance).toBe(30);
  });

  it("refuses an unknown style and another user's item", async () => {
    const u = await t.itemWithPhoto(photo);
    expect((await t.call('items-generate', { cookie: u.cookie, body: unchecked({ itemId: u.itemId, style: 'watercolour' }) })).status).toBe(400);
    const other = await t.onboardedUser();
    expect((await t.call('items-generate', { cookie: other.cookie, body: { itemId: u.itemId, style: 'bookshelf_hero' } })).status).toBe(404);
    expect((await t.call('get-credit-balance', { cookie: other.cookie })).json.balance).toBe(30);
  });

  it("takes the collector's language for the words on the images ('en' by default) and refuses an unknown one", async () => {
    const u = await t.itemWithPhoto(photo);
    const zh = await t.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'museum_brick_exhibit', lang: 'zh-CN' } });
    expect(zh.status).toBe(200);
    expect(generator.last).toMatchObject({ style: 'museum_brick_exhibit', lang: 'zh-CN' });
    const zhSeed = generator.last!.seed;
    const en = await t.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'museum_brick_exhibit' } });
    expect(en.status).toBe(200);
    // The language is not in the seed: the same pictures, their words translated.
    expect(generator.last).toMatchObject({ lang: 'en', seed: zhSeed });
    const calls = generator.calls;
    for (const lang of ['fr', 'zh', 'ZH-CN', '', 7, null]) {
      const r = await t.call('items-generate', { cookie: u.cookie, body: unchecked({ itemId: u.itemId, style: 'museum_brick_exhibit', lang }) });
      expect(r.status, String(lang)).toBe(400);
      expect(r.json, String(lang)).toEqual({ error: { code: 'validation_failed', message: expect.any(String), fields: { lang: expect.any(String) } } });
    }
    expect(generator.calls).toBe(calls);
    expect((await t.call('get-credit-balance', { cookie: u.cookie })).json.balance).toBe(24);
  });

  it('answers 402 below 3 credits', async () => {
    const u = await t.itemWithPhoto(photo);
    const { creditLedger } = await import('../../db/schema');
    await t.database.db.insert(creditLedger).values({ userId: u.userId, amount: -28, reason: 'admin_grant' });
    const r = await t.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'bookshelf_hero' } });
    expect(r.status).toBe(402);
    expect(r.json.error).toMatchObject({ code: 'insufficient_credits', message: 'Insufficient credits (need 3)' });
  });

  it('never spends credits that are not there: 10 concurrent requests with 9 credits → exactly 3 succeed', { tags: ['postgres'] }, async () => {
    const u = await t.itemWithPhoto(photo);
    const { creditLedger } = await import('../../db/schema');
    await t.database.db.insert(creditLedger).values({ userId: u.userId, amount: -21, reason: 'admin_grant' });
    expect((await t.call('get-credit-balance', { cookie: u.cookie })).json.balance).toBe(9);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'bright_gallery' } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 402)).toHaveLength(7);
    expect((await t.call('get-credit-balance', { cookie: u.cookie })).json.balance).toBe(0);
  });

  it('is refused for non-admins during maintenance, on the server; admins may generate', async () => {
    const admin = await t.signInByMagicLink('admin@example.com');
    await t.call('onboarding-complete', { cookie: admin.cookie, body: { handle: 'the_admin', displayName: 'Admin' } });
    const u = await t.itemWithPhoto(photo);
    await t.call('admin-settings-update', { cookie: admin.cookie, body: { maintenanceMode: true } });
    try {
      const r = await t.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'bookshelf_hero' } });
      expect(r.status).toBe(403);
      expect(r.json.error.code).toBe('maintenance');
      expect((await t.call('get-credit-balance', { cookie: u.cookie })).json.balance).toBe(30);
      const item = await t.call('items-create', { cookie: admin.cookie, body: { title: 'Admin item' } });
      const up = await t.upload(admin.cookie, photo);
      await t.call('photos-add', { cookie: admin.cookie, body: { itemId: item.json.item.id, imageId: up.imageId! } });
      const ok = await t.call('items-generate', { cookie: admin.cookie, body: { itemId: item.json.item.id, style: 'bookshelf_hero' } });
      expect(ok.status).toBe(200);
    } finally {
      await t.call('admin-settings-update', { cookie: admin.cookie, body: { maintenanceMode: false } });
    }
  });

  it('refunds the credits when generation fails', async () => {
    const failing = await createTestApp({}, { generator: stubGenerator({ fail: true }) });
    try {
      const u = await failing.itemWithPhoto(photo);
      const r = await failing.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'bookshelf_hero' } });
      expect(r.status).toBe(502);
      expect(r.json.error.code).toBe('generation_failed');
      expect((await failing.call('get-credit-balance', { cookie: u.cookie })).json.balance).toBe(30);
    } finally {
      await failing.close();
    }
  });
});

describe('items-choose', () => {
  it("sets one of the item's own composites and refuses another item's", async () => {
    const u = await t.itemWithPhoto(photo);
    const gen = await t.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'bookshelf_hero' } });
    const chosen = gen.json.variants[2];
    const r = await t.call('items-choose', { cookie: u.cookie, body: { itemId: u.itemId, compositeId: chosen.compositeId } });
    expect(r.json).toEqual({ itemId: u.itemId, chosenCompositeId: chosen.compositeId, imageId: chosen.imageId });

    const other = await t.itemWithPhoto(photo);
    const otherGen = await t.call('items-generate', { cookie: other.cookie, body: { itemId: other.itemId, style: 'bookshelf_hero' } });
    const cross = await t.call('items-choose', { cookie: u.cookie, body: { itemId: u.itemId, compositeId: otherGen.json.variants[0].compositeId } });
    expect(cross.status).toBe(400);
    const foreign = await t.call('items-choose', { cookie: other.cookie, body: { itemId: u.itemId, compositeId: chosen.compositeId } });
    expect(foreign.status).toBe(404);
  });
});

describe('cut-outs', () => {
  it('are made in the background once per photo and stored as images of their own', async () => {
    const u = await t.itemWithPhoto(await samplePhoto('robot', { width: 400, height: 480 }));
    await t.services.cutouts.idle();
    const { photos } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.database.db.select().from(photos).where(eq(photos.imageId, u.imageId));
    expect(row!.cutoutStatus).toBe('done');
    expect(row!.cutoutImageId).toBeTruthy();
    const cut = await t.services.images.readMaster(row!.cutoutImageId!);
    const sharp = (await import('sharp')).default;
    const stats = await sharp(cut!).stats();
    expect(stats.channels).toHaveLength(4);
    // The backdrop became transparent: a good share of the alpha is zero.
    expect(stats.channels[3]!.mean).toBeLessThan(200);
  });
});
