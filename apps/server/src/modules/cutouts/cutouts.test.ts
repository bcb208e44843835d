import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { images, photos } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createTestApp, type TestApp } from '../../test/harness';
import { samplePhoto } from '../generation/sample-photos';
import { createJobs } from '../jobs/jobs';
import { createCutoutsService } from './cutouts.service';
import { simpleSegmenter, type Segmenter } from './segmenter';

let photo: Buffer;
beforeAll(async () => {
  photo = await samplePhoto('robot', { width: 320, height: 380 });
});

const photoRow = async (t: TestApp, imageId: string) => (await t.database.db.select().from(photos).where(eq(photos.imageId, imageId)))[0]!;
const cutoutImages = async (t: TestApp) => (await t.database.db.select({ id: images.id }).from(images).where(eq(images.kind, 'cutout'))).length;

/** A segmenter that holds every photo until released, counting the calls. */
function heldSegmenter() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const seg = Object.assign(
    (async (p: Buffer) => {
      seg.calls++;
      await gate;
      return simpleSegmenter()(p);
    }) as Segmenter,
    { calls: 0, release },
  );
  return seg;
}

describe('cut-out jobs', () => {
  it('a second job for a photo is not queued while one waits, and the photo is cut out once', async () => {
    const seg = heldSegmenter();
    const held = await createTestApp({}, { segmenter: seg });
    try {
      const u = await held.itemWithPhoto(photo);
      const { id: photoId } = await photoRow(held, u.imageId);
      // photos-add sent the first job; wait for it to be running (held in the segmenter).
      await vi.waitFor(() => expect(seg.calls).toBeGreaterThan(0), { timeout: 5_000, interval: 50 });
      expect(seg.calls).toBe(1);
      const second = await held.services.cutouts.enqueue(photoId);
      const third = await held.services.cutouts.enqueue(photoId);
      expect(second).not.toBeNull(); // one may wait while one runs
      expect(third).toBeNull(); // but no more
      seg.release();
      await held.services.cutouts.idle();
      const row = await photoRow(held, u.imageId);
      expect(row.cutoutStatus).toBe('done');
      expect(await cutoutImages(held)).toBe(1);
    } finally {
      seg.release();
      await held.close();
    }
  });

  it('two runs of the same job at once store one cut-out (the loser leaves nothing behind)', { tags: ['postgres'] }, async () => {
    const seg = heldSegmenter();
    const direct = await createTestApp({ CUTOUT: 'model' }); // no segmenter here: photos-add only queues
    try {
      const u = await direct.itemWithPhoto(photo);
      const { id: photoId } = await photoRow(direct, u.imageId);
      const cutouts = createCutoutsService(direct.database.db, {
        images: direct.services.images,
        segment: seg,
        jobs: direct.services.jobs,
        events: direct.services.events,
        logger: createLogger('silent'),
      });
      const runs = Promise.all([cutouts.process({ photoId }), cutouts.process({ photoId })]);
      await vi.waitFor(() => expect(seg.calls).toBe(2), { timeout: 5_000, interval: 20 });
      seg.release();
      expect((await runs).sort()).toEqual(['done', 'skipped']);
      expect(await cutoutImages(direct)).toBe(1);
      expect((await photoRow(direct, u.imageId)).cutoutImageId).toBeTruthy();
      // A later run finds nothing to do.
      expect(await cutouts.process({ photoId })).toBe('skipped');
    } finally {
      seg.release();
      await direct.close();
    }
  });

  it('a failure is retried; only the last attempt marks the photo failed, and generation still works', async () => {
    const failing = await createTestApp({ CUTOUT: 'model' });
    try {
      const u = await failing.itemWithPhoto(photo);
      const { id: photoId } = await photoRow(failing, u.imageId);
      const cutouts = createCutoutsService(failing.database.db, {
        images: failing.services.images,
        segment: async () => {
          throw new Error('model exploded');
        },
        jobs: failing.services.jobs,
        events: failing.services.events,
        logger: createLogger('silent'),
      });
      await expect(cutouts.process({ photoId }, { lastAttempt: false })).rejects.toThrow('model exploded');
      expect((await photoRow(failing, u.imageId)).cutoutStatus).toBe('pending');
      expect(await cutouts.process({ photoId }, { lastAttempt: true })).toBe('failed');
      const row = await photoRow(failing, u.imageId);
      expect(row.cutoutStatus).toBe('failed');
      expect(row.cutoutImageId).toBeNull();
      const gen = await failing.call('items-generate', { cookie: u.cookie, body: { itemId: u.itemId, style: 'bookshelf_hero' } });
      expect(gen.status).toBe(200);
    } finally {
      await failing.close();
    }
  });

  it('jobs outlive the process: queued with no worker, a later process works them; a job whose process died runs again', async () => {
    const web = await createTestApp({ CUTOUT: 'model' }); // a web process: queues, never cuts
    try {
      const a = await web.itemWithPhoto(photo);
      const b = await web.itemWithPhoto(photo);
      expect(await web.services.jobs.pending('cutout')).toBe(2);

      // A process took one job and died with it (it stays active).
      const [taken] = await web.services.jobs.boss.fetch<{ photoId: string }>('cutout');
      expect(taken).toBeTruthy();
      await web.services.jobs.stop();

      // Later: its time ran out (simulated by moving its start back), maintenance hands it back.
      const restarted = createJobs(web.database.db, { logger: createLogger('silent'), schedule: false });
      const cutouts = createCutoutsService(web.database.db, {
        images: web.services.images,
        segment: simpleSegmenter(),
        jobs: restarted,
        events: web.services.events,
        logger: createLogger('silent'),
      });
      cutouts.work(1);
      await restarted.start({ schedules: false });
      await web.database.db.execute(sql`update pgboss.job set started_on = now() - interval '1 hour' where id = ${taken!.id} and name = 'cutout'`);
      await restarted.boss.maintain();
      await web.database.db.execute(sql`update pgboss.job set start_after = now() where name = 'cutout' and state = 'retry'`);
      await restarted.idle('cutout');
      await restarted.stop();

      for (const imageId of [a.imageId, b.imageId]) expect((await photoRow(web, imageId)).cutoutStatus).toBe('done');
      const [{ n }] = (await web.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'cutout' and state = 'completed'`)).rows as [
        { n: number },
      ];
      expect(n).toBeGreaterThanOrEqual(2);
    } finally {
      await web.close();
    }
  });

  it('photos still waiting without a job are queued at start, and those with one are not queued twice', async () => {
    const web = await createTestApp({ CUTOUT: 'model' });
    try {
      const u = await web.itemWithPhoto(photo);
      expect(await web.services.jobs.pending('cutout')).toBe(1);
      expect(await web.services.cutouts.enqueuePending()).toBe(0);
      await web.services.jobs.boss.deleteJob('cutout', (await web.services.jobs.boss.fetch('cutout'))[0]!.id);
      expect(await web.services.jobs.pending('cutout')).toBe(0);
      expect(await web.services.cutouts.enqueuePending()).toBe(1);
      expect(await web.services.jobs.pending('cutout')).toBe(1);
      const [row] = await web.database.db
        .select()
        .from(photos)
        .where(and(eq(photos.imageId, u.imageId), eq(photos.cutoutStatus, 'pending')));
      expect(row).toBeTruthy();
    } finally {
      await web.close();
    }
  });
});
