import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('explore\'s first page for guests, answered before routing', () => {
  it('sends the same bytes within the window without the app, and a fresh page at once after a profile goes private', async () => {
    const owner = await t.onboardedUser();
    await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Shown robot');
    // Start at the beginning of a window, so that the two reads below fall in the same one.
    await new Promise((r) => setTimeout(r, 2000 - (Date.now() % 2000) + 20));
    const first = await (await get(firstPage)).text();
    expect(first).toContain('Shown robot');
    const counter = countQueries(t.database);
    const statsBefore = t.guestAnswers.size;
    try {
      const again = await get(firstPage);
      expect(await again.text()).toBe(first);
      expect(counter.count).toBe(0);
    } finally {
      counter.restore();
    }
    expect(statsBefore).toBeGreaterThan(0);
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    expect(await titles(await get(firstPage))).not.toContain('Shown robot');
  });

  it('answers a new window from the app again (no kept page outlives its window)', async () => {
    const owner = await t.onboardedUser();
    await new Promise((r) => setTimeout(r, 2000 - (Date.now() % 2000) + 20));
    await get(firstPage);
    await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Next window');
    await new Promise((r) => setTimeout(r, 2100));
    expect(await titles(await get(firstPage))).toContain('Next window');
  });

  it('never hands a guest\'s page to a signed-in viewer (their cards carry their own marks)', async () => {
    const viewer = await t.onboardedUser();
    await get(firstPage);
    const res = await get(firstPage, { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { liked?: boolean }[] };
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((i) => typeof i.liked === 'boolean')).toBe(true);
  });
});
