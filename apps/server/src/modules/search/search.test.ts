import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, itemStats, profiles } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const publish = async (u: U, title: string, extra: { tags?: string; nsfw?: boolean } = {}) =>
  (await t.publish(u.cookie, photo, { title, tags: extra.tags ?? '', nsfw: extra.nsfw ?? false })).id;
const search = async (query: Record<string, string>, cookie?: string) => {
  const r = await t.request('/functions/v1/search', { query, cookie });
  return { status: r.status, json: (await r.json()) as any };
};
const itemIds = async (q: string, cookie?: string, type = 'items') => (await search({ q, type }, cookie)).json.items.map((i: any) => i.itemId) as string[];
const handles = async (q: string, cookie?: string) => (await search({ q, type: 'people' }, cookie)).json.people.map((p: any) => p.handle) as string[];
const tagNames = async (q: string, cookie?: string) => (await search({ q, type: 'tags' }, cookie)).json.tags.map((x: any) => x.tag) as string[];
const setProfile = (u: U, set: { hidden?: boolean; public?: boolean }) => t.database.db.update(profiles).set(set).where(eq(profiles.userId, u.userId));

describe('search', { tags: ['postgres'] }, () => {
  let owner: U;
  let gundam: string;
  let cjk: string;
  let zaku: string;

  beforeAll(async () => {
    owner = await t.onboardedUser('model_maker');
    await t.call('profile-update', { cookie: owner.cookie, body: { displayName: 'Akira Yamada 山田' } });
    gundam = await publish(owner, 'Gundam RX-78 master grade', { tags: 'mecha, plastic kits' });
    cjk = await publish(owner, 'RX-78 高达模型', { tags: '模型' });
    zaku = await publish(owner, 'Zaku II green', { tags: 'mecha' });
  });

  it('finds titles by a word, a prefix and a small typo, and answers cards with the explore fields', async () => {
    expect(await itemIds('gundam')).toEqual([gundam]);
    expect(await itemIds('gund')).toEqual([gundam]);
    expect(await itemIds('gu')).toEqual([gundam]);
    expect(await itemIds('gundm')).toEqual([gundam]);
    expect(await itemIds('GUNDAM master')).toEqual([gundam]);
    expect(await itemIds('gundam zaku')).toEqual([]);
    const r = await search({ q: 'zaku', type: 'items' });
    expect(r.status).toBe(200);
    expect(r.json.items).toEqual([
      {
        itemId: zaku,
        title: 'Zaku II green',
        imageUrl: expect.stringMatching(/^\/img\/[A-Za-z0-9_-]+\/thumb$/),
        altText: null,
        nsfw: false,
        likeCount: 0,
        commentCount: 0,
        saveCount: 0,
        user: { handle: 'model_maker', avatarImageId: null },
      },
    ]);
  });

  it('finds Chinese titles by one, two and more characters', async () => {
    expect(await itemIds('高达')).toEqual([cjk]);
    expect(await itemIds('高')).toEqual([cjk]);
    expect(await itemIds('达模')).toEqual([cjk]);
    expect(await itemIds('高达模型')).toEqual([cjk]);
    expect(await itemIds('rx-78 高达')).toEqual([cjk]);
    expect(await itemIds('高模')).toEqual([]);
    expect(await itemIds('模')).toEqual([cjk]);
  });

  it('finds items by tag, and tags with the count of the items the viewer may see', async () => {
    expect((await itemIds('mecha')).sort()).toEqual([gundam, zaku].sort());
    expect((await search({ q: 'mecha', type: 'tags' })).json.tags).toEqual([{ tag: 'mecha', count: 2 }]);
    expect(await tagNames('plastic')).toEqual(['plastic kits']);
    expect(await tagNames('mech')).toEqual(['mecha']);
    expect(await tagNames('mehca')).toEqual([]);
    expect(await tagNames('模型')).toEqual(['模型']);
  });

  it('finds people by handle (exact, prefix, typo) and display name, Latin and Chinese', async () => {
    expect(await handles('model_maker')).toEqual(['model_maker']);
    expect(await handles('@model')).toEqual(['model_maker']);
    expect(await handles('modle_maker')).toEqual(['model_maker']);
    // Beside items (type all) only exact matches: a handle's typos are the People tab's.
    expect((await search({ q: 'modle_maker' })).json.people).toEqual([]);
    expect(await handles('akira')).toEqual(['model_maker']);
    expect(await handles('yamada akira')).toEqual(['model_maker']);
    expect(await handles('山田')).toEqual(['model_maker']);
    expect(await handles('山')).toEqual(['model_maker']);
    const person = (await search({ q: 'model_maker', type: 'people' })).json.people[0];
    expect(person).toEqual({
      id: owner.userId,
      handle: 'model_maker',
      displayName: 'Akira Yamada 山田',
      avatarImageId: null,
      followersCount: 0,
      viewerFollows: false,
    });
  });

  it('ranks the exact handle first, then by followers; title matches before tag matches before typos, then recency and likes', async () => {
    const exact = await t.onboardedUser('rank');
    const prefixed = await t.onboardedUser('rank_famous');
    const fan = await t.onboardedUser();
    await t.call('social-follow-toggle', { cookie: fan.cookie, body: { targetUserId: prefixed.userId } });
    expect(await handles('rank')).toEqual(['rank', 'rank_famous']);
    expect((await search({ q: 'rank_famous', type: 'people' }, fan.cookie)).json.people[0]).toMatchObject({ followersCount: 1, viewerFollows: true });

    const byTag = await publish(exact, 'Unrelated figure', { tags: 'wombat' });
    const older = await publish(exact, 'Wombat old');
    const newer = await publish(exact, 'Wombat new');
    const typo = await publish(exact, 'Wombaat plush');
    const day = 86_400_000;
    await t.database.db
      .update(items)
      .set({ createdAt: new Date(Date.now() - 30 * day) })
      .where(eq(items.id, older));
    expect(await itemIds('wombat')).toEqual([newer, older, byTag, typo]);
    // Enough likes outweigh a month of recency (3·ln(1 + likes) days).
    await t.database.db
      .insert(itemStats)
      .values({ itemId: older, likeCount: 50000 })
      .onConflictDoUpdate({ target: itemStats.itemId, set: { likeCount: 50000 } });
    expect(await itemIds('wombat')).toEqual([older, newer, byTag, typo]);
    void prefixed;
  });

  it('pages with nextCursor until the results end, and in all answers people and tags with the first page', async () => {
    const u = await t.onboardedUser('pager');
    const made = [];
    for (const n of [1, 2, 3]) made.push(await publish(u, `Pagerbot ${n}`, { tags: 'pagerbot' }));
    const first = await search({ q: 'pagerbot', type: 'items', limit: '2' });
    expect(first.json.items).toHaveLength(2);
    expect(first.json.nextCursor).toBe('2');
    const second = await search({ q: 'pagerbot', type: 'items', limit: '2', cursor: first.json.nextCursor });
    expect(second.json.items).toHaveLength(1);
    expect(second.json.nextCursor).toBeNull();
    expect([...first.json.items, ...second.json.items].map((i: any) => i.itemId).sort()).toEqual(made.sort());

    const all = await search({ q: 'pager', limit: '2' });
    expect(all.json.people.map((p: any) => p.handle)).toEqual(['pager']);
    expect(all.json.tags).toEqual([{ tag: 'pagerbot', count: 3 }]);
    expect(all.json.items).toHaveLength(2);
    const later = await search({ q: 'pager', limit: '2', cursor: all.json.nextCursor });
    expect(later.json).toMatchObject({ people: [], tags: [], nextCursor: null });
    expect(later.json.items).toHaveLength(1);
  });

  it('refuses a query that is empty or too long, an unknown type and a bad cursor or limit, with field codes', async () => {
    const refused: Record<string, string>[] = [
      { q: '' },
      { q: '   ' },
      { q: 'x'.repeat(101) },
      { q: 'a', type: 'robots' },
      { q: 'a', cursor: 'abc' },
      { q: 'a', limit: '0' },
      { q: 'a', limit: '61' },
    ];
    for (const query of refused) {
      const r = await search(query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.json.error.code).toBe('validation_failed');
    }
    expect((await search({ q: '' })).json.error.fields).toEqual({ q: 'required' });
    expect((await search({ q: 'x'.repeat(101) })).json.error.fields).toEqual({ q: 'too_long' });
    expect((await search({ q: 'x'.repeat(100) })).status).toBe(200);
    expect((await search({ q: '%_\\' })).status).toBe(200);
  });
});

describe('search visibility', { tags: ['postgres'] }, () => {
  it('never shows private or hidden profiles, hidden items, or people blocked either way; NSFW only for those who asked', async () => {
    const viewer = await t.onboardedUser();
    const shy = await t.onboardedUser('okapi_shy');
    const hiddenPerson = await t.onboardedUser('okapi_hidden');
    const blocked = await t.onboardedUser('okapi_blocked');
    const blocker = await t.onboardedUser('okapi_blocker');
    const open = await t.onboardedUser('okapi_open');
    const shyItem = await publish(shy, 'Okapi private', { tags: 'okapi' });
    const hiddenPersonItem = await publish(hiddenPerson, 'Okapi of a hidden profile', { tags: 'okapi' });
    const blockedItem = await publish(blocked, 'Okapi blocked', { tags: 'okapi' });
    const blockerItem = await publish(blocker, 'Okapi blocker', { tags: 'okapi' });
    const hiddenItem = await publish(open, 'Okapi hidden', { tags: 'okapi' });
    const nsfwItem = await publish(open, 'Okapi spicy', { tags: 'okapi', nsfw: true });
    const visible = await publish(open, 'Okapi visible', { tags: 'okapi' });
    await t.call('settings-update', { cookie: shy.cookie, body: { profilePublic: false } });
    await setProfile(hiddenPerson, { hidden: true });
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, hiddenItem));
    await t.call('user-block-toggle', { cookie: viewer.cookie, body: { targetUserId: blocked.userId } });
    await t.call('user-block-toggle', { cookie: blocker.cookie, body: { targetUserId: viewer.userId } });

    // A guest: no private, hidden or NSFW item, no private or hidden person; blocks are the viewer's own.
    expect((await itemIds('okapi')).sort()).toEqual([blockedItem, blockerItem, visible].sort());
    expect((await handles('okapi')).sort()).toEqual(['okapi_blocked', 'okapi_blocker', 'okapi_open']);
    expect((await search({ q: 'okapi', type: 'tags' })).json.tags).toEqual([{ tag: 'okapi', count: 3 }]);

    // The viewer: nobody they blocked or who blocked them, nor their items, in any list.
    expect(await itemIds('okapi', viewer.cookie)).toEqual([visible]);
    expect(await itemIds('okapi', viewer.cookie, 'all')).toEqual([visible]);
    expect(await handles('okapi', viewer.cookie)).toEqual(['okapi_open']);
    const all = await search({ q: 'okapi' }, viewer.cookie);
    expect(all.json.people.map((p: any) => p.handle)).toEqual(['okapi_open']);
    expect(all.json.tags).toEqual([{ tag: 'okapi', count: 1 }]);

    // NSFW with the viewer's include_nsfw, as explore: the card says it is NSFW, for the page to blur.
    await t.call('settings-update', { cookie: viewer.cookie, body: { includeNSFW: true } });
    expect((await itemIds('okapi', viewer.cookie)).sort()).toEqual([nsfwItem, visible].sort());
    expect((await search({ q: 'spicy', type: 'items' }, viewer.cookie)).json.items[0]).toMatchObject({
      itemId: nsfwItem,
      nsfw: true,
      liked: false,
      saved: false,
    });
    expect(await itemIds('spicy')).toEqual([]);

    // Their owners still find their own.
    expect(await itemIds('okapi private', shy.cookie)).toEqual([shyItem]);
    expect((await handles('okapi_shy', shy.cookie))[0]).toBe('okapi_shy');
    expect(await handles('okapi_shy')).not.toContain('okapi_shy');
    expect(await itemIds('okapi private')).toEqual([]);
    expect(await handles('okapi_hidden')).not.toContain('okapi_hidden');
    expect(await itemIds('hidden profile')).toEqual([]);
    void hiddenPersonItem;
  });
});

describe('search with the viewer’s mutes and an item’s facts', { tags: ['postgres'] }, () => {
  it('leaves out the items of a muted person and with a muted tag, for the viewer who muted them only', async () => {
    const viewer = await t.onboardedUser();
    const loud = await t.onboardedUser('quokka_loud');
    const quiet = await t.onboardedUser('quokka_quiet');
    const loudItem = await publish(loud, 'Quokka figure by loud', { tags: 'quokka' });
    const spoilerItem = await publish(quiet, 'Quokka spoiler figure', { tags: 'quokka, spoilers' });
    const plainItem = await publish(quiet, 'Quokka plain figure', { tags: 'quokka' });
    expect((await itemIds('quokka', viewer.cookie)).sort()).toEqual([loudItem, spoilerItem, plainItem].sort());

    expect((await t.call('mutes-toggle', { cookie: viewer.cookie, body: { userId: loud.userId } })).status).toBe(200);
    expect((await t.call('mutes-toggle', { cookie: viewer.cookie, body: { tag: 'spoilers' } })).status).toBe(200);
    expect(await itemIds('quokka', viewer.cookie)).toEqual([plainItem]);
    expect(await itemIds('quokka', viewer.cookie, 'all')).toEqual([plainItem]);
    // Muting is silent and the viewer's own: a muted person is still found, and others see everything.
    expect(await handles('quokka_loud', viewer.cookie)).toContain('quokka_loud');
    expect((await itemIds('quokka')).sort()).toEqual([loudItem, spoilerItem, plainItem].sort());
  });

  it('finds items by their maker, line or character, in any letter case', async () => {
    const owner = await t.onboardedUser();
    const id = await publish(owner, 'Wing Zero Custom', { tags: '' });
    const base = { itemId: id, title: 'Wing Zero Custom', tags: '', nsfw: false };
    await t.call('items-update', { cookie: owner.cookie, body: { ...base, facts: { maker: 'Kotobukiya', line: 'Frame Arms', character: 'Heero Yuy' } } });
    expect(await itemIds('kotobukiya')).toEqual([id]);
    expect(await itemIds('Frame Arms')).toEqual([id]);
    expect(await itemIds('heero yuy', undefined, 'all')).toEqual([id]);
    // A title and a fact that both hold the word: the item once, with the title's rank, before a newer fact's match.
    const both = await publish(owner, 'Kotobukiya Hexa Gear', { tags: '' });
    await t.call('items-update', {
      cookie: owner.cookie,
      body: { itemId: both, title: 'Kotobukiya Hexa Gear', tags: '', nsfw: false, facts: { maker: 'Kotobukiya' } },
    });
    const newer = await publish(owner, 'Vigna Ghina', { tags: '' });
    await t.call('items-update', {
      cookie: owner.cookie,
      body: { itemId: newer, title: 'Vigna Ghina', tags: '', nsfw: false, facts: { maker: 'KOTOBUKIYA' } },
    });
    expect(await itemIds('kotobukiya')).toEqual([both, newer, id]);
    expect(await itemIds('kotobukiya', undefined, 'all')).toEqual([both, newer, id]);
  });
});
