import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, composites, images, inviteCodes, items, photos, uploadTokens } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { inviteStatus } from '../invites/invites.service';
import { QUEUES } from './jobs';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(320, 400);
});
afterAll(() => t.close());

const ago = (ms: number) => new Date(Date.now() - ms);

describe('analytics retention', { tags: ['postgres'] }, () => {
  async function seed() {
    const u = await t.signUp();
    const rows = await t.database.db
      .insert(analyticsEvents)
      .values([
        { name: 'page_view', path: '/fresh', userId: u.userId, createdAt: ago(10 * DAY) },
        { name: 'page_view', path: '/month', userId: u.userId, createdAt: ago(31 * DAY) },
        { name: 'page_view', path: '/quarter', userId: u.userId, createdAt: ago(91 * DAY) },
      ])
      .returning({ id: analyticsEvents.id, path: analyticsEvents.path });
    return rows.map((r) => r.id);
  }
  const load = (ids: number[]) => t.database.db.select().from(analyticsEvents).where(inArray(analyticsEvents.id, ids));

  it('strips the viewer after 30 days and deletes events after 90', async () => {
    const ids = await seed();
    const result = await t.services.analytics.applyRetention();
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(result.anonymized).toBeGreaterThanOrEqual(1);
    const rows = await load(ids);
    expect(rows.map((r) => r.path).sort()).toEqual(['/fresh', '/month']);
    expect(rows.find((r) => r.path === '/fresh')!.userId).not.toBeNull();
    expect(rows.find((r) => r.path === '/month')!.userId).toBeNull();
  });

  it('runs as a job through the queue', async () => {
    const ids = await seed();
    expect(await t.services.jobs.send(QUEUES.analyticsRetention.name, {})).toBeTruthy();
    await t.services.jobs.idle(QUEUES.analyticsRetention.name);
    const rows = await load(ids);
    expect(rows.map((r) => [r.path, r.userId === null]).sort()).toEqual([
      ['/fresh', false],
      ['/month', true],
    ]);
  });
});

describe('invite expiry', { tags: ['postgres'] }, () => {
  it('marks active codes past their expiry as expired and leaves the others', async () => {
    const [past] = await t.services.invites.create({ count: 1, maxUses: 1, expiresAt: ago(60_000) }, null);
    const [future] = await t.services.invites.create({ count: 1, maxUses: 1, expiresAt: new Date(Date.now() + DAY) }, null);
    const [forever] = await t.services.invites.create({ count: 1, maxUses: 1 }, null);
    const [disabled] = await t.services.invites.create({ count: 1, maxUses: 1, expiresAt: ago(60_000) }, null);
    await t.database.db.update(inviteCodes).set({ status: 'disabled' }).where(eq(inviteCodes.id, disabled!.id));

    expect(await t.services.invites.expireCodes()).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db
      .select()
      .from(inviteCodes)
      .where(inArray(inviteCodes.id, [past!.id, future!.id, forever!.id, disabled!.id]));
    const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
    expect(status).toEqual({ [past!.id]: 'expired', [future!.id]: 'active', [forever!.id]: 'active', [disabled!.id]: 'disabled' });
    expect(inviteStatus(rows.find((r) => r.id === past!.id)!)).toBe('expired');

    // An expired code stays refused.
    const u = await t.signUp();
    const r = await t.call('invite-redeem', { cookie: u.cookie, body: { code: past!.code } });
    expect(r.json.error.code).toBe('invite_invalid');
    // A second run changes nothing more.
    expect(await t.services.invites.expireCodes()).toBe(0);
  });
});

describe('abandoned drafts', { tags: ['postgres'] }, () => {
  it('removes items with no chosen image after 24 h, with their photos, cut-outs, composites and stored images', async () => {
    // An abandoned draft with a photo, its cut-out and five generated variants, none chosen.
    const draft = await t.itemWithPhoto(photo, 'Abandoned');
    await t.services.cutouts.idle();
    const gen = await t.call('items-generate', { cookie: draft.cookie, body: { itemId: draft.itemId, style: 'bookshelf_hero' } });
    expect(gen.status).toBe(200);
    // A finished item of the same age, and a fresh draft.
    const kept = await t.itemWithPhoto(photo, 'Kept');
    const keptGen = await t.call('items-generate', { cookie: kept.cookie, body: { itemId: kept.itemId, style: 'bookshelf_hero' } });
    await t.call('items-choose', { cookie: kept.cookie, body: { itemId: kept.itemId, compositeId: keptGen.json.variants[0].compositeId } });
    const fresh = await t.itemWithPhoto(photo, 'Fresh');
    await t.services.cutouts.idle();
    await t.database.db
      .update(items)
      .set({ createdAt: ago(25 * 60 * 60 * 1000) })
      .where(inArray(items.id, [draft.itemId, kept.itemId]));

    const [cut] = await t.database.db.select({ id: photos.cutoutImageId }).from(photos).where(eq(photos.itemId, draft.itemId));
    const draftImages = [draft.imageId, cut!.id!, ...gen.json.variants.map((v: { imageId: string }) => v.imageId)];
    expect(draftImages).toHaveLength(7);
    for (const id of draftImages) expect(await t.services.images.readMaster(id)).not.toBeNull();

    expect(await t.services.itemPages.removeAbandonedDrafts()).toBe(1);

    const left = await t.database.db
      .select({ id: items.id })
      .from(items)
      .where(inArray(items.id, [draft.itemId, kept.itemId, fresh.itemId]));
    expect(left.map((r) => r.id).sort()).toEqual([kept.itemId, fresh.itemId].sort());
    expect(await t.database.db.select().from(photos).where(eq(photos.itemId, draft.itemId))).toHaveLength(0);
    expect(await t.database.db.select().from(composites).where(eq(composites.itemId, draft.itemId))).toHaveLength(0);
    expect(await t.database.db.select().from(images).where(inArray(images.id, draftImages))).toHaveLength(0);
    for (const id of draftImages) expect(await t.services.images.readMaster(id)).toBeNull();
    // The kept item's images are untouched.
    expect(await t.services.images.readMaster(kept.imageId)).not.toBeNull();
  });
});

describe('unchosen variants', { tags: ['postgres'] }, () => {
  it('deletes a saved item’s variants that were not chosen a day after they were made, with their images, never the chosen one', async () => {
    const u = await t.onboardedUser();
    const old = await t.itemWithPhoto(photo, 'Saved a while ago');
    await t.services.cutouts.idle();
    const first = await t.call('items-generate', { cookie: old.cookie, body: { itemId: old.itemId, style: 'bright_gallery' } });
    const second = await t.call('items-generate', { cookie: old.cookie, body: { itemId: old.itemId, style: 'manga_halftone' } });
    const chosen = first.json.variants[2] as { compositeId: string; imageId: string };
    await t.call('items-choose', { cookie: old.cookie, body: { itemId: old.itemId, compositeId: chosen.compositeId } });
    const all = [...first.json.variants, ...second.json.variants] as { compositeId: string; imageId: string }[];
    await t.database.db
      .update(composites)
      .set({ createdAt: ago(25 * 60 * 60 * 1000) })
      .where(eq(composites.itemId, old.itemId));
    // A saved item whose variants are a few hours old keeps them; a draft's are the drafts clean-up's.
    const recent = await t.publishedItem(u.cookie, photo, 'Saved just now');
    const draft = await t.itemWithPhoto(photo, 'Still a draft');
    await t.services.cutouts.idle();
    await t.call('items-generate', { cookie: draft.cookie, body: { itemId: draft.itemId, style: 'bright_gallery' } });
    await t.database.db
      .update(composites)
      .set({ createdAt: ago(25 * 60 * 60 * 1000) })
      .where(eq(composites.itemId, draft.itemId));

    expect(await t.services.itemPages.removeUnchosenVariants()).toBe(all.length - 1);
    const left = await t.database.db
      .select({ id: composites.id, itemId: composites.itemId })
      .from(composites)
      .where(inArray(composites.itemId, [old.itemId, recent, draft.itemId]));
    expect(left.filter((c) => c.itemId === old.itemId).map((c) => c.id)).toEqual([chosen.compositeId]);
    expect(left.filter((c) => c.itemId === recent).length).toBeGreaterThan(1);
    expect(left.filter((c) => c.itemId === draft.itemId).length).toBe(5);
    for (const v of all.filter((x) => x.compositeId !== chosen.compositeId)) expect(await t.services.images.readMaster(v.imageId)).toBeNull();
    expect(await t.services.images.readMaster(chosen.imageId)).not.toBeNull();
    // The item page still shows the chosen image; a second run finds nothing.
    expect((await t.call('item-get', { cookie: u.cookie, body: { itemId: old.itemId } })).json.item.imageId).toBe(chosen.imageId);
    expect(await t.services.itemPages.removeUnchosenVariants()).toBe(0);
  });
});

describe('unused upload signatures', { tags: ['postgres'] }, () => {
  it('deletes signatures that expired unused, and keeps used and valid ones', async () => {
    const u = await t.onboardedUser();
    const sign = async () => (await t.call('uploads-sign', { cookie: u.cookie, body: { kind: 'photo', fileName: 'a.png', contentType: 'image/png' } })).json;
    const expired = await sign();
    const valid = await sign();
    const used = await t.upload(u.cookie, photo, 'b.png', 'image/png');
    expect(used.imageId).toBeTruthy();
    await t.database.db
      .update(uploadTokens)
      .set({ expiresAt: ago(60_000) })
      .where(inArray(uploadTokens.imageId, [expired.imageId, used.imageId!]));

    expect(await t.services.images.removeUnusedUploadTokens()).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.select({ imageId: uploadTokens.imageId }).from(uploadTokens).where(eq(uploadTokens.userId, u.userId));
    expect(rows.map((r) => r.imageId).sort()).toEqual([valid.imageId, used.imageId].sort());
  });
});

describe('schedules', { tags: ['postgres'] }, () => {
  it('every housekeeping job has a schedule once the queue starts', async () => {
    const web = await createTestApp();
    try {
      await web.services.jobs.start();
      const schedules = await web.services.jobs.boss.getSchedules();
      expect(schedules.map((s) => s.name).sort()).toEqual([
        'account-data-sweep',
        'analytics-retention',
        'credits-refill',
        'drafts-cleanup',
        'events-prune',
        'explore-rollup',
        'invites-expire',
        'storage-sweep',
        'uploads-cleanup',
        'variants-cleanup',
      ]);
      const queues = (await web.database.db.execute(sql`select name from pgboss.queue`)).rows.map((r) => (r as { name: string }).name);
      expect(queues).toEqual(expect.arrayContaining(Object.values(QUEUES).map((q) => q.name)));
    } finally {
      await web.close();
    }
  });
});
