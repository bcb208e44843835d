import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(100, 120);
});
afterAll(() => t.close());

type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

/** Creates an item with a chosen image (through the whole API) and places it. */
async function savedItem(u: U, title: string, tags = '') {
  return t.publish(u.cookie, photo, { title, tags, style: 'bookshelf_hero', place: true });
}

describe('placing and reading the shelf', () => {
  it('places items in the first free cell row by row, then in overflow when full', async () => {
    const u = await t.onboardedUser();
    await t.call('shelf-resize', { cookie: u.cookie, body: { cols: 2, rows: 1 } });
    const a = await savedItem(u, 'A');
    const b = await savedItem(u, 'B');
    const c = await savedItem(u, 'C');
    expect(a.arrangement).toEqual({ itemId: a.id, col: 0, row: 0, overflow: false, zIndex: 0 });
    expect(b.arrangement).toMatchObject({ col: 1, row: 0, overflow: false });
    expect(c.arrangement).toMatchObject({ col: 0, row: 0, overflow: true });
    const shelf = await t.call('shelf-get', { cookie: u.cookie });
    expect(shelf.json.shelf.layout).toEqual({ cols: 2, rows: 1 });
    expect(shelf.json.items.map((i: any) => i.title)).toEqual(['A', 'B', 'C']);
    expect(shelf.json.items[0]).toMatchObject({ id: a.id, imageId: a.imageId });
    expect(shelf.json.arrangements).toHaveLength(3);
  });

  it('is idempotent: placing twice keeps the first cell', async () => {
    const u = await t.onboardedUser();
    const a = await savedItem(u, 'A');
    const again = await t.call('items-place', { cookie: u.cookie, body: { itemId: a.id } });
    expect(again.json.arrangement).toEqual(a.arrangement);
  });

  it("refuses to place an item without a chosen variant, or someone else's", async () => {
    const u = await t.onboardedUser();
    const draft = await t.call('items-create', { cookie: u.cookie, body: { title: 'Draft' } });
    expect((await t.call('items-place', { cookie: u.cookie, body: { itemId: draft.json.item.id } })).status).toBe(400);
    const other = await t.onboardedUser();
    expect((await t.call('items-place', { cookie: other.cookie, body: { itemId: draft.json.item.id } })).status).toBe(404);
  });
});

describe('shelf-move', () => {
  it('moves to a free cell and refuses an occupied one with cell_occupied', async () => {
    const u = await t.onboardedUser();
    const a = await savedItem(u, 'A');
    const b = await savedItem(u, 'B');
    const moved = await t.call('shelf-move', { cookie: u.cookie, body: { itemId: a.id, col: 3, row: 2 } });
    expect(moved.json.arrangement).toEqual({ itemId: a.id, col: 3, row: 2, overflow: false, zIndex: 0 });
    const blocked = await t.call('shelf-move', { cookie: u.cookie, body: { itemId: b.id, col: 3, row: 2 } });
    expect(blocked.status).toBe(409);
    expect(blocked.json.error).toMatchObject({ code: 'cell_occupied', message: 'Cell is occupied' });
    // Dropping onto its own cell is fine.
    expect((await t.call('shelf-move', { cookie: u.cookie, body: { itemId: a.id, col: 3, row: 2 } })).status).toBe(200);
  });

  it('keeps moves inside the grid and refuses other users', async () => {
    const u = await t.onboardedUser();
    const a = await savedItem(u, 'A');
    expect((await t.call('shelf-move', { cookie: u.cookie, body: { itemId: a.id, col: 6, row: 0 } })).status).toBe(400);
    expect((await t.call('shelf-move', { cookie: u.cookie, body: { itemId: a.id, col: -1, row: 0 } })).status).toBe(400);
    const other = await t.onboardedUser();
    expect((await t.call('shelf-move', { cookie: other.cookie, body: { itemId: a.id, col: 1, row: 1 } })).status).toBe(404);
    expect((await t.call('shelf-get', { cookie: u.cookie })).json.arrangements[0]).toMatchObject({ col: 0, row: 0 });
  });

  it('lets only one of two concurrent moves into the same cell win', { tags: ['postgres'] }, async () => {
    const u = await t.onboardedUser();
    const a = await savedItem(u, 'A');
    const b = await savedItem(u, 'B');
    const results = await Promise.all([a, b].map((i) => t.call('shelf-move', { cookie: u.cookie, body: { itemId: i.id, col: 5, row: 2 } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('auto-arrange and apply', () => {
  it('proposes without storing, and apply replaces every arrangement at once', async () => {
    const u = await t.onboardedUser();
    const robot = await savedItem(u, 'Robot', 'robots');
    const anime = await savedItem(u, 'Anime', 'anime');
    const before = (await t.call('shelf-get', { cookie: u.cookie })).json.arrangements;
    const proposal = await t.call('shelf-auto-arrange', { cookie: u.cookie, body: { shelfId: u.shelfId } });
    expect(proposal.json.arrangements).toEqual([
      { itemId: anime.id, col: 0, row: 0, overflow: false, zIndex: 0 },
      { itemId: robot.id, col: 1, row: 0, overflow: false, zIndex: 0 },
    ]);
    expect((await t.call('shelf-get', { cookie: u.cookie })).json.arrangements).toEqual(before);
    const applied = await t.call('shelf-apply', { cookie: u.cookie, body: { shelfId: u.shelfId, arrangements: proposal.json.arrangements } });
    expect(applied.status).toBe(200);
    const after = (await t.call('shelf-get', { cookie: u.cookie })).json.arrangements;
    expect(after).toEqual(proposal.json.arrangements);
    // Undo is an apply of the previous list.
    await t.call('shelf-apply', { cookie: u.cookie, body: { shelfId: u.shelfId, arrangements: before } });
    expect((await t.call('shelf-get', { cookie: u.cookie })).json.arrangements).toEqual(before);
  });

  it('refuses collisions, out-of-bounds cells, foreign items and foreign shelves, changing nothing', async () => {
    const u = await t.onboardedUser();
    const a = await savedItem(u, 'A');
    const b = await savedItem(u, 'B');
    const before = (await t.call('shelf-get', { cookie: u.cookie })).json.arrangements;
    const cell = (itemId: string, col: number, row: number) => ({ itemId, col, row, overflow: false, zIndex: 0 });
    const apply = (arrangements: ReturnType<typeof cell>[], shelfId = u.shelfId, cookie = u.cookie) =>
      t.call('shelf-apply', { cookie, body: { shelfId, arrangements } });
    expect((await apply([cell(a.id, 1, 1), cell(b.id, 1, 1)])).json.error.code).toBe('cell_occupied');
    expect((await apply([cell(a.id, 7, 0)])).status).toBe(400);
    const other = await t.onboardedUser();
    const foreign = await savedItem(other, 'Foreign');
    expect((await apply([cell(foreign.id, 2, 2)])).status).toBe(404);
    expect((await apply([cell(a.id, 2, 2)], other.shelfId)).status).toBe(404);
    expect((await t.call('shelf-auto-arrange', { cookie: u.cookie, body: { shelfId: other.shelfId } })).status).toBe(404);
    expect((await t.call('shelf-get', { cookie: u.cookie })).json.arrangements).toEqual(before);
    expect((await t.call('shelf-get', { cookie: other.cookie })).json.arrangements).toHaveLength(1);
  });
});

describe('shelf-resize', () => {
  it('a shrink never leaves a cell empty while it sends items to overflow', async () => {
    const u = await t.onboardedUser();
    await t.call('shelf-resize', { cookie: u.cookie, body: { cols: 3, rows: 2 } });
    const [a, b, c, d] = [await savedItem(u, 'A'), await savedItem(u, 'B'), await savedItem(u, 'C'), await savedItem(u, 'D')];
    // Placed A (0,0), B (1,0), C (2,0), D (0,1); moved to A (0,0), B (2,0), C (0,1), D (1,1): (1,0) and (2,1) free.
    for (const [item, col, row] of [
      [d, 1, 1],
      [c, 0, 1],
      [b, 2, 0],
    ] as const) {
      expect((await t.call('shelf-move', { cookie: u.cookie, body: { itemId: item.id, col, row } })).status).toBe(200);
    }
    const r = await t.call('shelf-resize', { cookie: u.cookie, body: { cols: 3, rows: 1 } });
    expect(r.status).toBe(200);
    const where = Object.fromEntries(r.json.arrangements.map((x: any) => [x.itemId, x.overflow ? 'overflow' : `${x.col},${x.row}`]));
    expect(where).toEqual({ [a.id]: '0,0', [c.id]: '1,0', [b.id]: '2,0', [d.id]: 'overflow' });
  });

  it('moves an item whose cell disappears into a free cell, else to overflow, and validates the size', async () => {
    const u = await t.onboardedUser();
    const a = await savedItem(u, 'A');
    await t.call('shelf-move', { cookie: u.cookie, body: { itemId: a.id, col: 5, row: 2 } });
    const r = await t.call('shelf-resize', { cookie: u.cookie, body: { cols: 4, rows: 2 } });
    expect(r.status).toBe(200);
    expect(r.json.shelf.layout).toEqual({ cols: 4, rows: 2 });
    // The new grid is empty: the item takes its first cell rather than the drawer.
    expect(r.json.arrangements[0]).toMatchObject({ itemId: a.id, col: 0, row: 0, overflow: false });
    const small = await t.call('shelf-resize', { cookie: u.cookie, body: { cols: 1, rows: 1 } });
    expect(small.json.arrangements[0]).toMatchObject({ itemId: a.id, col: 0, row: 0, overflow: false });
    for (const body of [
      { cols: 0, rows: 3 },
      { cols: 13, rows: 3 },
      { cols: 3, rows: 2.5 },
    ]) {
      expect((await t.call('shelf-resize', { cookie: u.cookie, body })).status).toBe(400);
    }
  });
});

describe('notifications-unseen-count', () => {
  it('counts the unseen notifications of the signed-in user', async () => {
    const u = await t.onboardedUser();
    const fan = await t.onboardedUser();
    expect((await t.call('notifications-unseen-count', { cookie: u.cookie })).json).toEqual({ count: 0 });
    const { notifications } = await import('../../db/schema');
    await t.database.db.insert(notifications).values([
      { userId: u.userId, kind: 'follow', actorId: fan.userId, seen: false },
      { userId: u.userId, kind: 'follow', actorId: fan.userId, seen: true },
    ]);
    expect((await t.call('notifications-unseen-count', { cookie: u.cookie })).json).toEqual({ count: 1 });
    expect((await t.call('notifications-unseen-count')).status).toBe(401);
  });
});
