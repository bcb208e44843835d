import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { lockKey, lockKeys } from './locks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('advisory locks', { tags: ['postgres'] }, () => {
  it('take a lock on PostgreSQL, and spend no statement on PGlite, whose transactions never overlap', async () => {
    await t.database.db.transaction(async (tx) => {
      const execute = vi.spyOn(tx, 'execute');
      await lockKey(tx, 'one');
      await lockKeys(tx, ['two', 'three']);
      expect(execute).toHaveBeenCalledTimes(t.database.kind === 'pglite' ? 0 : 2);
    });
  });

  it.skipIf(!!process.env.DATABASE_URL)('on PGlite, a second transaction begins only when the first has ended', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = t.database.db.transaction(async (tx) => {
      order.push('first begins');
      await tx.execute(sql`select 1`);
      await gate;
      order.push('first ends');
    });
    await vi.waitFor(() => expect(order).toEqual(['first begins']));
    const second = t.database.db.transaction(async (tx) => {
      order.push('second begins');
      await tx.execute(sql`select 1`);
    });
    // The event loop turns a few times: the second transaction's callback would have run by then if it could.
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['first begins']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first begins', 'first ends', 'second begins']);
  });
});
