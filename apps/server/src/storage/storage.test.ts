import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { LOCAL_S3_KEYS, startLocalS3, type LocalS3 } from './local-s3';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

function contract(name: string, make: () => Storage) {
  describe(`${name} storage`, () => {
    it('stores, reads and deletes objects', async () => {
      const s = make();
      const body = Buffer.from('hello curio');
      await s.put('images/abc123/public.webp', body, 'image/webp');
      expect(await s.get('images/abc123/public.webp')).toEqual(body);
      await s.delete('images/abc123/public.webp');
      expect(await s.get('images/abc123/public.webp')).toBeNull();
    });

    it('answers null for a missing object', async () => {
      expect(await make().get('images/missing/public.webp')).toBeNull();
    });

    it('deletes everything under a prefix and nothing else', async () => {
      const s = make();
      await s.put('images/p1/a.webp', Buffer.from('a'), 'image/webp');
      await s.put('images/p1/b.webp', Buffer.from('b'), 'image/webp');
      await s.put('images/p2/a.webp', Buffer.from('c'), 'image/webp');
      await s.deletePrefix('images/p1');
      expect(await s.get('images/p1/a.webp')).toBeNull();
      expect(await s.get('images/p1/b.webp')).toBeNull();
      expect(await s.get('images/p2/a.webp')).toEqual(Buffer.from('c'));
    });

    it('lists every object under a folder with when it was written, and nothing outside it', async () => {
      const s = make();
      const before = Date.now() - 5_000;
      const folder = `list${Math.random().toString(36).slice(2, 8)}`;
      await s.put(`${folder}/x1/master.png`, Buffer.from('m'), 'image/png');
      await s.put(`${folder}/x1/thumb.webp`, Buffer.from('t'), 'image/webp');
      await s.put(`${folder}/x2/thumb.webp`, Buffer.from('t'), 'image/webp');
      await s.put(`${folder}x/other.webp`, Buffer.from('o'), 'image/webp');
      const listed = [];
      for await (const page of s.list(folder)) listed.push(...page);
      expect(listed.map((o) => o.key).sort()).toEqual([`${folder}/x1/master.png`, `${folder}/x1/thumb.webp`, `${folder}/x2/thumb.webp`]);
      for (const o of listed) expect(o.lastModified.getTime()).toBeGreaterThan(before);
      const none = [];
      for await (const page of s.list('nothing-here')) none.push(...page);
      expect(none).toEqual([]);
    });

    it('lists and deletes a folder of more than one page (1000 objects) page by page, each object once', async () => {
      const s = make();
      const folder = `many${Math.random().toString(36).slice(2, 8)}`;
      const keys = Array.from({ length: 1003 }, (_, i) => `${folder}/i${String(i).padStart(4, '0')}/thumb.webp`);
      for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => s.put(k, Buffer.from('t'), 'image/webp')));
      const pages: string[][] = [];
      for await (const page of s.list(folder)) pages.push(page.map((o) => o.key));
      expect(pages.flat().sort()).toEqual(keys);
      await s.deletePrefix(folder);
      const left = [];
      for await (const page of s.list(folder)) left.push(...page);
      expect(left).toEqual([]);
    });

    it('refuses keys that could escape the store', async () => {
      await expect(make().put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe/);
      await expect(make().get('images/../../x')).rejects.toThrow(/unsafe/);
    });
  });
}

const localRoot = mkdtempSync(path.join(os.tmpdir(), 'curio-storage-'));
contract('folder', () => createLocalStorage(localRoot));

let server: LocalS3 | undefined;
let endpoint = '';
beforeAll(async () => {
  server = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-s3rver-')), bucket: 'curio-test' });
  endpoint = server.endpoint;
});
afterAll(async () => {
  await server?.close();
});
contract('S3-compatible', () => createS3Storage({ endpoint, bucket: 'curio-test', region: 'us-east-1', ...LOCAL_S3_KEYS }));
