import { mkdtempSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createLocalStorage } from '../../storage/local-storage';
import { LOCAL_S3_KEYS, startLocalS3, type LocalS3 } from '../../storage/local-s3';
import { createS3Storage } from '../../storage/s3-storage';
import type { Storage, StoredObject } from '../../storage/storage';
import { createTestApp, type TestApp } from '../../test/harness';
import { pngBytes } from '../../test/images';
import { QUEUES } from '../jobs/jobs';
import { createStorageSweep, SWEEP_GRACE_MS } from './storage-sweep.service';

const HOUR = 60 * 60 * 1000;
const later = () => new Date(Date.now() + SWEEP_GRACE_MS + 60_000);

async function keys(storage: Storage, prefix = 'images') {
  const all: string[] = [];
  for await (const page of storage.list(prefix)) all.push(...page.map((o) => o.key));
  return all.sort();
}

/** The same cases on each store: the app's own storage, seen from the test through the same folder or bucket. */
function sweepCases(name: string, setup: () => Promise<{ t: TestApp; storage: Storage }>) {
  describe(`the storage sweep (${name})`, () => {
    let t: TestApp;
    let storage: Storage;
    beforeAll(async () => {
      ({ t, storage } = await setup());
    });
    afterAll(() => t?.close());

    it('removes the objects no row names once they are past the grace period, and keeps the rest', async () => {
      const u = await t.onboardedUser();
      const kept = await t.upload(u.cookie, await pngBytes(120, 90), 'a.png', 'image/png');
      expect(kept.imageId).toBeTruthy();
      const keptKeys = await keys(storage, `images/${kept.imageId}`);
      expect(keptKeys).toHaveLength(4);
      // What a process killed between the objects and the row leaves: objects of an id without a row.
      const orphan = `orphan${Math.random().toString(36).slice(2, 12)}`;
      await storage.put(`images/${orphan}/master.png`, Buffer.from('m'), 'image/png');
      await storage.put(`images/${orphan}/thumb.webp`, Buffer.from('t'), 'image/webp');

      // Within the grace period (an upload may be in flight): nothing goes.
      expect(await t.services.storageSweep.sweep()).toEqual({ images: 0, objects: 0 });
      expect(await keys(storage, `images/${orphan}`)).toHaveLength(2);

      // Past it: the orphan goes, the uploaded image stays whole and is still served.
      const result = await t.services.storageSweep.sweep({ now: later() });
      expect(result.images).toBeGreaterThanOrEqual(1);
      expect(await keys(storage, `images/${orphan}`)).toEqual([]);
      expect(await keys(storage, `images/${kept.imageId}`)).toEqual(keptKeys);
      expect((await t.request(`/img/${kept.imageId}/thumb`)).status).toBe(200);
      // A second pass finds nothing more.
      expect(await t.services.storageSweep.sweep({ now: later() })).toEqual({ images: 0, objects: 0 });
    });

    it('keeps an image whose row exists, however old', async () => {
      const u = await t.onboardedUser();
      const up = await t.upload(u.cookie, await pngBytes(64, 64), 'b.png', 'image/png');
      await t.services.storageSweep.sweep({ now: new Date(Date.now() + 48 * HOUR) });
      expect(await keys(storage, `images/${up.imageId}`)).toHaveLength(4);
      expect(await t.services.images.readMaster(up.imageId!)).not.toBeNull();
    });

    it('leaves objects outside images/ alone (data exports)', async () => {
      await storage.put('exports/someone/archive.zip', Buffer.from('z'), 'application/zip');
      await t.services.storageSweep.sweep({ now: later() });
      expect(await keys(storage, 'exports/someone')).toEqual(['exports/someone/archive.zip']);
    });
  });
}

sweepCases('folder store', async () => {
  const t = await createTestApp();
  return { t, storage: createLocalStorage(path.join(t.env.DATA_DIR, 'storage')) };
});

let s3server: LocalS3 | undefined;
let endpoint = '';
beforeAll(async () => {
  s3server = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-s3-sweep-')), bucket: 'curio-sweep' });
  endpoint = s3server.endpoint;
});
afterAll(async () => {
  await s3server?.close();
});

sweepCases('S3-compatible store', async () => {
  const t = await createTestApp({
    S3_BUCKET: 'curio-sweep',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey,
  });
  return { t, storage: createS3Storage({ endpoint, bucket: 'curio-sweep', region: 'us-east-1', ...LOCAL_S3_KEYS }) };
});

describe('the storage sweep as a job (folder store)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(
    'runs through the queue with the real clock: objects without a row older than an hour go, a fresh one and temporary files of kept images as they should',
    { tags: ['postgres'] },
    async () => {
      const root = path.join(t.env.DATA_DIR, 'storage');
      const storage = createLocalStorage(root);
      const u = await t.onboardedUser();
      const kept = await t.upload(u.cookie, await pngBytes(80, 80), 'c.png', 'image/png');
      await storage.put(`images/oldorphan0123456789/master.png`, Buffer.from('m'), 'image/png');
      await storage.put(`images/neworphan0123456789/master.png`, Buffer.from('m'), 'image/png');
      // A temporary file of an interrupted write beside a kept image's objects.
      await storage.put(`images/${kept.imageId}/public.webp.0e1f.tmp`, Buffer.from('x'), 'image/webp');
      const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
      await utimes(path.join(root, 'images/oldorphan0123456789/master.png'), twoHoursAgo, twoHoursAgo);
      await utimes(path.join(root, `images/${kept.imageId}/public.webp.0e1f.tmp`), twoHoursAgo, twoHoursAgo);
      for (const name of ['master.png', 'public.webp', 'thumb.webp', 'avatar.webp']) {
        await utimes(path.join(root, `images/${kept.imageId}/${name}`), twoHoursAgo, twoHoursAgo);
      }

      expect(await t.services.jobs.send(QUEUES.storageSweep.name, {})).toBeTruthy();
      await t.services.jobs.idle(QUEUES.storageSweep.name);

      expect(await keys(storage, 'images/oldorphan0123456789')).toEqual([]);
      expect(await keys(storage, 'images/neworphan0123456789')).toEqual(['images/neworphan0123456789/master.png']);
      expect(await keys(storage, `images/${kept.imageId}`)).toEqual(
        ['avatar.webp', 'master.png', 'public.webp', 'thumb.webp'].map((n) => `images/${kept.imageId}/${n}`),
      );
    },
  );
});

describe('a row never outlives its objects', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('removing an image deletes its row before its objects: a removal that fails keeps the image whole', async () => {
    // The photo of an item still names the image: the row cannot go, so neither may the objects.
    const { imageId } = await t.itemWithPhoto(await pngBytes(90, 90), 'Still shown');
    await expect(t.services.images.remove([imageId])).rejects.toThrow();
    expect(await t.services.images.find(imageId)).toBeTruthy();
    expect(await t.services.images.readMaster(imageId)).not.toBeNull();
  });

  it('a failed row insert removes the objects only when no row exists for the id', async () => {
    const u = await t.onboardedUser();
    const up = await t.upload(u.cookie, await pngBytes(70, 70), 'd.png', 'image/png');
    // The insert fails (the id has a row already): the objects that row names must stay.
    await expect(t.services.images.store(await pngBytes(50, 50), { id: up.imageId!, ownerId: u.userId, kind: 'photo' })).rejects.toThrow();
    expect(await t.services.images.readMaster(up.imageId!)).not.toBeNull();
  });
});

describe('the storage sweep over pages', () => {
  it('judges an image whose objects span two listing pages by all of them', async () => {
    const t = await createTestApp();
    try {
      const old = new Date(Date.now() - 2 * HOUR);
      const deleted: string[] = [];
      // One image's objects split across pages: old in the first, fresh in the second (an upload under way).
      const pages: StoredObject[][] = [
        [
          { key: 'images/aaaaaaaaaaaa/master.png', lastModified: old },
          { key: 'images/bbbbbbbbbbbb/master.png', lastModified: old },
        ],
        [
          { key: 'images/bbbbbbbbbbbb/thumb.webp', lastModified: new Date() },
          { key: 'images/cccccccccccc/master.png', lastModified: old },
        ],
      ];
      const storage: Storage = {
        kind: 'local',
        put: async () => undefined,
        get: async () => null,
        delete: async (key) => void deleted.push(key),
        deletePrefix: async (prefix) => void deleted.push(prefix),
        async *list() {
          yield* pages;
        },
      };
      const sweep = createStorageSweep(t.database.db, { storage, logger: createLogger('silent') });
      expect(await sweep.sweep()).toEqual({ images: 2, objects: 2 });
      expect(deleted.sort()).toEqual(['images/aaaaaaaaaaaa', 'images/cccccccccccc']);
    } finally {
      await t.close();
    }
  });
});
