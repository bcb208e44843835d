import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { ReadService } from '../read/read.service';
import { createExploreService } from './explore.service';

/** A ranking source whose queries take as long as we say, answering ids that name their snapshot. */
function fakeRepository(delayMs: () => number) {
  const calls: string[] = [];
  return {
    calls,
    async rank(q: { snapshot: Date }) {
      calls.push(q.snapshot.toISOString());
      await new Promise((r) => setTimeout(r, delayMs()));
      return [`item@${q.snapshot.toISOString()}`];
    },
    async topTags() {
      return [];
    },
  };
}
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
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => clock, repository: repo, read: fakeRead });
    const first = await explore.list(query);
    expect(first.snapshot).toBe(new Date(60_000).toISOString());

    clock = 95_000; // next window
    delay = 300; // and the ranking got slow
    const stale = await explore.list(query);
    expect(stale.snapshot).toBe(new Date(60_000).toISOString());
    expect(stale.items[0]!.itemId).toBe(`item@${new Date(60_000).toISOString()}`);

    await new Promise((r) => setTimeout(r, 350));
    const fresh = await explore.list(query);
    expect(fresh.snapshot).toBe(new Date(90_000).toISOString());
    // One ranking query per window, however many requests.
    expect(repo.calls).toEqual([new Date(60_000).toISOString(), new Date(90_000).toISOString()]);
  });

  it('waits for a quick new ranking instead of serving a stale one', async () => {
    let clock = 60_000;
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => clock, repository: fakeRepository(() => 5), read: fakeRead });
    await explore.list(query);
    clock = 95_000;
    expect((await explore.list(query)).snapshot).toBe(new Date(90_000).toISOString());
  });

  it('honours an explicit snapshot for later pages', async () => {
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => 200_000, repository: fakeRepository(() => 0), read: fakeRead });
    const r = await explore.list({ ...query, snapshot: new Date(150_000).toISOString() });
    expect(r.snapshot).toBe(new Date(150_000).toISOString());
  });
});
