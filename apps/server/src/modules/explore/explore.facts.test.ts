import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemFactsInput } from '@curio/contract';
import { items } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { untilNextSnapshot } from '../../test/snapshot';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ EXPLORE_SNAPSHOT_SECONDS: '1' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

/** A published item with these facts (set by items-update, as the owner's edit dialog does). */
async function withFacts(u: U, title: string, facts: ItemFactsInput, extra: { tags?: string; nsfw?: boolean } = {}) {
  const { id } = await t.publish(u.cookie, photo, { title, tags: extra.tags ?? 'figures', nsfw: extra.nsfw ?? false });
  const r = await t.call('items-update', { cookie: u.cookie, body: { itemId: id, title, tags: extra.tags ?? 'figures', nsfw: extra.nsfw ?? false, facts } });
  if (r.status !== 200) throw new Error(`items-update failed: ${JSON.stringify(r.json)}`);
  return id;
}
const explore = (query: Record<string, string> = {}) =>
  t.request('/functions/v1/explore-list', { query }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));
const ids = (r: { json: any }): string[] => r.json.items.map((i: any) => i.itemId);
const all = { sort: 'new', timeRange: 'all', pageSize: '60' };

describe('explore-list by maker, line and character', { tags: ['postgres'] }, () => {
  let owner: U;
  let rx: string;
  let zaku: string;
  let figma: string;
  let nsfw: string;
  let hidden: string;
  let privateItem: string;

  beforeAll(async () => {
    owner = await t.onboardedUser();
    rx = await withFacts(owner, 'RX-78-2', { maker: 'Bandai', line: 'Master Grade', character: 'RX-78-2 Gundam' }, { tags: 'gunpla' });
    zaku = await withFacts(owner, 'Zaku II', { maker: 'BANDAI', line: 'High Grade', character: 'Zaku II' });
    figma = await withFacts(owner, 'Link', { maker: 'Bandai Spirits', line: 'figma', character: 'Link' });
    nsfw = await withFacts(owner, 'Swimsuit figure', { maker: 'Bandai' }, { nsfw: true });
    hidden = await withFacts(owner, 'Hidden one', { maker: 'Bandai' });
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, hidden));
    const shy = await t.onboardedUser();
    privateItem = await withFacts(shy, 'Private piece', { maker: 'Bandai' });
    await t.call('settings-update', { cookie: shy.cookie, body: { profilePublic: false } });
    await untilNextSnapshot(async () => expect(ids(await explore({ ...all, maker: 'bandai spirits' }))).toEqual([figma]));
  });

  it('matches a maker exactly but in any letter case, trimmed, and never a maker it only begins', async () => {
    expect(ids(await explore({ ...all, maker: 'bandai' }))).toEqual([zaku, rx]);
    expect(ids(await explore({ ...all, maker: '  Bandai ' }))).toEqual([zaku, rx]);
    expect(ids(await explore({ ...all, maker: 'Band' }))).toEqual([]);
    expect(ids(await explore({ ...all, maker: 'Bandai Spirits' }))).toEqual([figma]);
  });

  it('filters by line and by character, and combines them with each other and with a tag', async () => {
    expect(ids(await explore({ ...all, line: 'master grade' }))).toEqual([rx]);
    expect(ids(await explore({ ...all, character: 'ZAKU II' }))).toEqual([zaku]);
    expect(ids(await explore({ ...all, maker: 'Bandai', line: 'High Grade' }))).toEqual([zaku]);
    expect(ids(await explore({ ...all, maker: 'Bandai', line: 'figma' }))).toEqual([]);
    expect(ids(await explore({ ...all, maker: 'Bandai', tag: 'gunpla' }))).toEqual([rx]);
    expect(ids(await explore({ ...all, maker: 'Bandai', tag: 'figures' }))).toEqual([zaku]);
  });

  it('combines with the sorts and ranges: top orders the maker’s items by likes', async () => {
    const fans = await Promise.all([1, 2].map(() => t.signUp()));
    for (const f of fans) await t.call('social-like-toggle', { cookie: f.cookie, body: { itemId: rx } });
    await untilNextSnapshot(async () => expect(ids(await explore({ sort: 'top', timeRange: '7d', maker: 'Bandai' }))).toEqual([rx, zaku]));
    expect(ids(await explore({ sort: 'trending', timeRange: '24h', maker: 'Bandai' }))).toEqual([rx, zaku]);
    expect(ids(await explore({ sort: 'top', timeRange: 'all', maker: 'bandai', line: 'high grade' }))).toEqual([zaku]);
  });

  it('keeps the rules of explore: hidden, private and imageless items never, NSFW ones only when asked', async () => {
    const draft = await t.call('items-create', { cookie: owner.cookie, body: { title: 'Draft', facts: { maker: 'Bandai' } } });
    expect(draft.status).toBe(200);
    const listed = ids(await explore({ ...all, maker: 'Bandai' }));
    for (const id of [nsfw, hidden, privateItem, draft.json.item.id]) expect(listed).not.toContain(id);
    expect(ids(await explore({ ...all, maker: 'Bandai', includeNSFW: 'true' }))).toEqual([nsfw, zaku, rx]);
    // Only the private collector's items name this maker: nothing is listed, and nothing tells it exists.
    const shy = await t.onboardedUser();
    await withFacts(shy, 'Secret', { maker: 'Kaiyodo' });
    await t.call('settings-update', { cookie: shy.cookie, body: { profilePublic: false } });
    expect((await explore({ ...all, maker: 'Kaiyodo' })).json.items).toEqual([]);
  });

  it('follows an edit of the maker at once', async () => {
    const u = await t.onboardedUser();
    const id = await withFacts(u, 'Renamed', { maker: 'Kotobukiya' });
    await untilNextSnapshot(async () => expect(ids(await explore({ ...all, maker: 'Kotobukiya' }))).toEqual([id]));
    await t.call('items-update', { cookie: u.cookie, body: { itemId: id, title: 'Renamed', tags: 'figures', nsfw: false, facts: { maker: 'Good Smile' } } });
    expect(ids(await explore({ ...all, maker: 'Kotobukiya' }))).toEqual([]);
    expect(ids(await explore({ ...all, maker: 'Good Smile' }))).toEqual([id]);
  });

  it('refuses a filter longer than a fact may be, naming the field; a blank one is no filter', async () => {
    const long = await explore({ maker: 'x'.repeat(81) });
    expect(long.status).toBe(400);
    expect(long.json.error.fields).toEqual({ maker: 'too_long' });
    expect((await explore({ character: 'a\u0000b' })).status).toBe(400);
    const blank = await explore({ ...all, maker: '   ' });
    expect(blank.status).toBe(200);
    expect(ids(blank)).toEqual(expect.arrayContaining([rx, zaku, figma]));
  });
});
