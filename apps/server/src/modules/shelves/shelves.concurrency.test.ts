import type { Arrangement } from '@curio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

// Writes to one shelf arrive at the same moment (double clicks, two tabs, two processes). On
// PostgreSQL the pool runs these calls truly in parallel; PGlite runs them one query at a time.
let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(60, 72);
});
afterAll(() => t.close());

type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

async function savedItem(u: U, title: string) {
  return (await t.publish(u.cookie, photo, { title, tags: '', style: 'bookshelf_hero', place: true })).id;
}

async function shelfWithItems(n: number) {
  const u = await t.onboardedUser();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await savedItem(u, `Item ${i}`));
  return { u, ids };
}

/** A deterministic shuffle of the grid's cells for the i-th arrangement. */
function arrangementFor(ids: string[], cols: number, rows: number, i: number): Arrangement[] {
  const cells = Array.from({ length: cols * rows }, (_, k) => k);
  for (let k = cells.length - 1; k > 0; k--) {
    const j = (k * 7 + i * 13) % (k + 1);
    [cells[k], cells[j]] = [cells[j]!, cells[k]!];
  }
  return ids.map((itemId, k) => ({ itemId, col: cells[k]! % cols, row: Math.floor(cells[k]! / cols), overflow: false, zIndex: 0 }));
}

/** Every item is inside the grid or in overflow, no two share a cell, none is lost. */
async function expectConsistent(u: U, ids: string[]) {
  const shelf = await t.call('shelf-get', { cookie: u.cookie });
  expect(shelf.status).toBe(200);
  const { cols, rows } = shelf.json.shelf.layout as { cols: number; rows: number };
  const list = shelf.json.arrangements as Arrangement[];
  expect(list.map((a) => a.itemId).sort()).toEqual([...ids].sort());
  for (const a of list) if (!a.overflow) expect(a.col < cols && a.row < rows, `${a.itemId} at ${a.col},${a.row} outside ${cols}x${rows}`).toBe(true);
  const cells = list.filter((a) => !a.overflow).map((a) => `${a.col}:${a.row}`);
  expect(new Set(cells).size).toBe(cells.length);
  return { layout: { cols, rows }, list };
}

describe('concurrent shelf writes', { tags: ['postgres'] }, () => {
  it('30 concurrent shelf-apply from one user all succeed and leave exactly one of the applied arrangements', async () => {
    const { u, ids } = await shelfWithItems(5);
    const lists = Array.from({ length: 30 }, (_, i) => arrangementFor(ids, 6, 3, i));
    const shelf = await t.call('shelf-get', { cookie: u.cookie });
    const answers = await Promise.all(
      lists.map((arrangements) => t.call('shelf-apply', { cookie: u.cookie, body: { shelfId: shelf.json.shelf.id, arrangements } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200));
    const { list } = await expectConsistent(u, ids);
    const key = (l: Arrangement[]) => JSON.stringify([...l].sort((a, b) => a.itemId.localeCompare(b.itemId)));
    expect(lists.map(key)).toContain(key(list));
  });

  it('30 concurrent shelf-move to colliding cells answer 200 or 409 (never 500) and keep one item per cell', async () => {
    const { u, ids } = await shelfWithItems(5);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.call('shelf-move', { cookie: u.cookie, body: { itemId: ids[i % ids.length]!, col: i % 3, row: (i >> 1) % 2 } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(','),
    ).toBe(true);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.json.error.code).toBe('cell_occupied');
    expect(statuses).toContain(200);
    await expectConsistent(u, ids);
  });

  it('applies, moves and resizes racing each other leave every item in the grid or in overflow', async () => {
    const { u, ids } = await shelfWithItems(6);
    const shelfId = (await t.call('shelf-get', { cookie: u.cookie })).json.shelf.id;
    const calls = Array.from({ length: 30 }, (_, i) => {
      if (i % 3 === 0) return t.call('shelf-resize', { cookie: u.cookie, body: i % 2 ? { cols: 2, rows: 1 } : { cols: 6, rows: 3 } });
      if (i % 3 === 1) return t.call('shelf-apply', { cookie: u.cookie, body: { shelfId, arrangements: arrangementFor(ids, 6, 3, i) } });
      return t.call('shelf-move', { cookie: u.cookie, body: { itemId: ids[i % ids.length]!, col: 5, row: 2 } });
    });
    const answers = await Promise.all(calls);
    const statuses = answers.map((a) => a.status);
    // An apply or move planned for the big grid is refused (400) when a shrink got there first.
    expect(
      statuses.every((s) => s === 200 || s === 400 || s === 409),
      statuses.join(','),
    ).toBe(true);
    await expectConsistent(u, ids);
    // A final shrink still moves everything outside the grid to overflow.
    await t.call('shelf-resize', { cookie: u.cookie, body: { cols: 2, rows: 1 } });
    const { list } = await expectConsistent(u, ids);
    expect(list.filter((a) => !a.overflow).length).toBeLessThanOrEqual(2);
  });

  it('concurrent items-place of different items never put two in one cell', async () => {
    const u = await t.onboardedUser();
    await t.call('shelf-resize', { cookie: u.cookie, body: { cols: 2, rows: 2 } });
    const drafts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await savedItem(u, `P${i}`);
      drafts.push(id);
    }
    // Take them all off the shelf again, then place all at once.
    const shelfId = (await t.call('shelf-get', { cookie: u.cookie })).json.shelf.id;
    expect((await t.call('shelf-apply', { cookie: u.cookie, body: { shelfId, arrangements: [] } })).status).toBe(200);
    const answers = await Promise.all(drafts.map((itemId) => t.call('items-place', { cookie: u.cookie, body: { itemId } })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const { list } = await expectConsistent(u, drafts);
    expect(list.filter((a) => !a.overflow)).toHaveLength(4);
  });
});
