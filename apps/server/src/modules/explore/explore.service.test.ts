import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
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
    async cards(ids: string[]) {
      return ids.map((id) => ({ id, title: id, nsfw: false, image_id: 'img', like_count: 0, comment_count: 0, save_count: 0, handle: 'h', avatar_image_id: null }));
    },
    async topTags() {
      return [];
    },
  };
}
const query = { sort: 'trending' as const, timeRange: '7d' as const, includeNSFW: false, page: 0 };

describe('explore snapshots', () => {
  it('serves the previous window while a slow new ranking is computed, then the new one', async () => {
    let clock = 60_000;
    let delay = 0;
    const repo = fakeRepository(() => delay);
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => clock, repository: repo });
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
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => clock, repository: fakeRepository(() => 5) });
    await explore.list(query);
    clock = 95_000;
    expect((await explore.list(query)).snapshot).toBe(new Date(90_000).toISOString());
  });

  it('honours an explicit snapshot for later pages', async () => {
    const explore = createExploreService({} as Db, { snapshotSeconds: 30, now: () => 200_000, repository: fakeRepository(() => 0) });
    const r = await explore.list({ ...query, snapshot: new Date(150_000).toISOString() });
    expect(r.snapshot).toBe(new Date(150_000).toISOString());
  });
});
