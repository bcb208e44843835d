import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import type { ReadService } from '../read/read.service';
import { createExploreService } from './explore.service';

/** A ranking source whose queries take as long as we say, answering ids that name their snapshot. */
function fakeRepository(delayMs: () => number, tags: string[] = []) {
  const calls: string[] = [];
  const tagProbes: string[] = [];
  return {
    calls,
    tagProbes,
    async rank(q: { snapshot: Date; tag?: string; maker?: string }) {
      const filter = [q.tag, q.maker && `maker:${q.maker}`].filter(Boolean).join('+');
      calls.push(filter ? `${filter}@${q.snapshot.toISOString()}` : q.snapshot.toISOString());
      await new Promise((r) => setTimeout(r, delayMs()));
      return [`item@${q.snapshot.toISOString()}`];
    },
    async topTags() {
      return [];
    },
    async tagInUse(tag: string) {
      tagProbes.push(tag);
      return tags.includes(tag);
    },
    async filterInUse(f: { tag?: string; maker?: string }) {
      tagProbes.push(`maker:${f.maker ?? ''}`);
      return !!f.maker && tags.includes(`maker:${f.maker}`) && (!f.tag || tags.includes(f.tag));
    },
  };
}
const momentOf = (snapshot: string) => new Date(parseInt(snapshot.split('.')[0]!, 36)).toISOString();
/** Nothing is published in these tests. */
const noEvents = { on: () => () => undefined };
/** The read pipeline's part explore uses: every id is a visible item. */
const fakeRead = {
  async list(ids: string[]) {
    return ids.map((id) => ({
      item: { id, title: id, nsfw: false, imageId: 'img', counts: { likes: 0, comments: 0, saves: 0, views: 0 }, owner: { handle: 'h', avatarImageId: null } },
      state: { liked: false, saved: false },
    }));
  },
  async viewerState() {
    return { of: () => ({ liked: false, saved: false }), isAdmin: false };
  },
} as unknown as Pick<ReadService, 'list' | 'viewerState'>;
const query = { sort: 'trending' as const, timeRange: '7d' as const, includeNSFW: false, page: 0 };

describe('explore snapshots', () => {
  it('serves the previous window while a slow new ranking is computed, then the new one', async () => {
    let clock = 60_000;
    let delay = 0;
    const repo = fakeRepository(() => delay);
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => clock, repository: repo, read: fakeRead, domainEvents: noEvents });
    const first = await explore.list(query);
    expect(momentOf(first.snapshot)).toBe(new Date(60_000).toISOString());

    clock = 95_000; // next window
    delay = 300; // and the ranking got slow
    const stale = await explore.list(query);
    expect(momentOf(stale.snapshot)).toBe(new Date(60_000).toISOString());
    expect(stale.items[0]!.itemId).toBe(`item@${new Date(60_000).toISOString()}`);

    // Once the slow ranking is done, the new window is served (the requests meanwhile share that one query).
    await vi.waitFor(async () => expect(momentOf((await explore.list(query)).snapshot)).toBe(new Date(90_000).toISOString()), { timeout: 5_000, interval: 20 });
    // One ranking query per window, however many requests.
    expect(repo.calls).toEqual([new Date(60_000).toISOString(), new Date(90_000).toISOString()]);
  });

  it('waits for a quick new ranking instead of serving a stale one', async () => {
    let clock = 60_000;
    const explore = createExploreService({} as Db, {
      snapshotSeconds: 30,
      now: () => clock,
      repository: fakeRepository(() => 5),
      read: fakeRead,
      domainEvents: noEvents,
    });
    await explore.list(query);
    clock = 95_000;
    expect(momentOf((await explore.list(query)).snapshot)).toBe(new Date(90_000).toISOString());
  });

  it('honours a snapshot it issued for later pages of the same filter', async () => {
    let clock = 150_000;
    const repo = fakeRepository(() => 0);
    const explore = createExploreService({} as Db, {
      snapshotSeconds: 30,
      now: () => clock,
      repository: repo,
      read: fakeRead,
      domainEvents: noEvents,
      secret: 's'.repeat(32),
    });
    const first = await explore.list(query);
    clock = 200_000;
    const later = await explore.list({ ...query, page: 1, snapshot: first.snapshot });
    expect(later.snapshot).toBe(first.snapshot);
    expect(momentOf(later.snapshot)).toBe(new Date(150_000).toISOString());
    // Another process of the same site (same secret) honours it too.
    const other = createExploreService({} as Db, {
      snapshotSeconds: 30,
      now: () => clock,
      repository: fakeRepository(() => 0),
      read: fakeRead,
      domainEvents: noEvents,
      secret: 's'.repeat(32),
    });
    expect((await other.list({ ...query, page: 1, snapshot: first.snapshot })).snapshot).toBe(first.snapshot);
  });

  it('never ranks a forged, foreign or expired snapshot: the current window is served instead', async () => {
    let clock = 200_000;
    const repo = fakeRepository(() => 0);
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => clock, repository: repo, read: fakeRead, domainEvents: noEvents });
    const issued = (await explore.list(query)).snapshot;
    expect(repo.calls).toEqual([new Date(180_000).toISOString()]);
    const [, sig] = issued.split('.');
    const forged = [
      `${(150_000).toString(36)}.${sig}`, // another moment under the issued signature
      `${(150_000).toString(36)}.AAAAAAAAAAAAAAAAAAAAAA`, // a made-up signature
      `${(120_000).toString(36)}.x`,
    ];
    for (const snapshot of forged) {
      const r = await explore.list({ ...query, page: 1, snapshot });
      expect(momentOf(r.snapshot)).toBe(new Date(180_000).toISOString());
    }
    // A snapshot issued for one filter does not rank another filter at that moment: the other
    // filter is ranked for the current window, as anyone's first page would be.
    clock = 215_000;
    const foreign = await explore.list({ ...query, timeRange: '24h', page: 1, snapshot: issued });
    expect(momentOf(foreign.snapshot)).toBe(new Date(210_000).toISOString());
    // And one older than a day is not honoured either.
    clock = 180_000 + 86_400_000 + 30_000;
    const expired = await explore.list({ ...query, page: 1, snapshot: issued });
    expect(momentOf(expired.snapshot)).toBe(new Date(clock - (clock % 30_000)).toISOString());
    expect(repo.calls).toEqual([new Date(180_000).toISOString(), new Date(210_000).toISOString(), new Date(clock - (clock % 30_000)).toISOString()]);
  });

  it('answers an unknown tag with an empty list without ranking anything', async () => {
    const repo = fakeRepository(() => 0, ['robots']);
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => 60_000, repository: repo, read: fakeRead, domainEvents: noEvents });
    for (let i = 0; i < 50; i++) {
      const r = await explore.list({ ...query, tag: `made-up-${i}` });
      expect(r).toEqual({ items: [], nextPage: null, snapshot: expect.any(String) });
    }
    expect(repo.calls).toEqual([]);
    const known = await explore.list({ ...query, tag: 'robots' });
    expect(known.items).toHaveLength(1);
    await explore.list({ ...query, tag: 'robots' });
    // A tag in use is probed once per window and ranked once.
    expect(repo.calls).toEqual([`robots@${new Date(60_000).toISOString()}`]);
    expect(repo.tagProbes.filter((t) => t === 'robots')).toHaveLength(1);
  });

  it('answers a maker no visible item names with an empty list, and ranks each filter apart, probed once a window', async () => {
    const repo = fakeRepository(() => 0, ['robots', 'maker:Bandai']);
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => 60_000, repository: repo, read: fakeRead, domainEvents: noEvents });
    for (let i = 0; i < 20; i++) {
      expect(await explore.list({ ...query, maker: `made-up-${i}` })).toEqual({ items: [], nextPage: null, snapshot: expect.any(String) });
    }
    expect(repo.calls).toEqual([]);
    expect((await explore.list({ ...query, maker: 'Bandai' })).items).toHaveLength(1);
    await explore.list({ ...query, maker: 'Bandai' });
    expect((await explore.list({ ...query, maker: 'Bandai', tag: 'robots' })).items).toHaveLength(1);
    expect((await explore.list(query)).items).toHaveLength(1);
    const at = new Date(60_000).toISOString();
    expect(repo.calls).toEqual([`maker:Bandai@${at}`, `robots+maker:Bandai@${at}`, at]);
    expect(repo.tagProbes.filter((t) => t === 'maker:Bandai')).toHaveLength(2);
    // A snapshot issued for one maker ranks no other maker at its moment.
    const issued = (await explore.list({ ...query, maker: 'Bandai' })).snapshot;
    expect((await explore.list({ ...query, maker: 'made-up-0', page: 1, snapshot: issued })).items).toEqual([]);
  });
});
