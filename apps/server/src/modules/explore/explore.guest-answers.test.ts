import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pngBytes, stubGenerator } from '../../test/images';
import { countQueries } from '../../test/query-count';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EXPLORE_SNAPSHOT_SECONDS: '2' }, { generator: stubGenerator() });
});
afterAll(() => t.close());

const firstPage = 'http://localhost:3000/functions/v1/explore-list?sort=new&page=0&pageSize=30';
const get = (url: string, headers: Record<string, string> = {}) => t.serverFetch(new Request(url, { headers }));
const titles = async (res: Response) => ((await res.json()) as { items: { title: string }[] }).items.map((i) => i.title);
/** The snapshot window (2 s here) a moment falls in. */
const windowOf = (ms: number) => Math.floor(ms / 2000);
/** The moment (ms) of a snapshot the API handed out. */
const momentOf = (snapshot: string) => parseInt(snapshot.split('.')[0]!, 36);

describe("explore's first page for guests, answered before routing", () => {
  it('sends the same bytes within the window without the app, and a fresh page at once after a profile goes private', async () => {
    const owner = await t.onboardedUser();
    await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Shown robot');
    // Two reads in one window that lists the robot (the one after it was published): tried again
    // when the pair straddles two windows, where the second read is rightly a new page.
    await vi.waitFor(
      async () => {
        const window = windowOf(Date.now());
        const first = await (await get(firstPage)).text();
        expect(first).toContain('Shown robot');
        const counter = countQueries(t.database);
        const statsBefore = t.guestAnswers.size;
        let again: string;
        let queries: number;
        try {
          again = await (await get(firstPage)).text();
          queries = counter.count;
        } finally {
          counter.restore();
        }
        expect(windowOf(Date.now()), 'both reads fell in one window').toBe(window);
        expect(again).toBe(first);
        expect(queries).toBe(0);
        expect(statsBefore).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    expect(await titles(await get(firstPage))).not.toContain('Shown robot');
  });

  it('answers a new window from the app again (no kept page outlives its window)', async () => {
    const owner = await t.onboardedUser();
    await get(firstPage); // keeps this window's page
    await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Next window');
    const publishedAt = Date.now();
    const next = await vi.waitFor(
      async () => {
        const body = (await (await get(firstPage)).json()) as { snapshot: string; items: { title: string }[] };
        expect(body.items.map((i) => i.title)).toContain('Next window');
        return body;
      },
      { timeout: 10_000, interval: 50 },
    );
    // It is the first window after the item was published that lists it: the kept page did not outlive its own.
    expect(windowOf(momentOf(next.snapshot))).toBeLessThanOrEqual(windowOf(publishedAt) + 1);
  });

  it("never hands a guest's page to a signed-in viewer (their cards carry their own marks)", async () => {
    const viewer = await t.onboardedUser();
    await get(firstPage);
    const res = await get(firstPage, { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { liked?: boolean }[] };
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((i) => typeof i.liked === 'boolean')).toBe(true);
  });
});
