import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { installPooledTransactionFix } from './pooled-transaction';

/** A pool whose one client answers statements as `answer` says; counts what it was given back with. */
function fakePool(answer: (text: string) => Error | null) {
  const released: (Error | undefined)[] = [];
  const statements: string[] = [];
  const client = {
    query: async (q: string | { text: string }) => {
      const text = typeof q === 'string' ? q : q.text;
      statements.push(text);
      const err = answer(text);
      if (err) throw err;
      return { rows: [], rowCount: 0, command: text, fields: [] };
    },
    release: (err?: Error) => void released.push(err),
  };
  class FakePool extends pg.Pool {
    override connect = (async () => client) as never;
  }
  return { pool: new FakePool(), released, statements };
}

describe('transactions on a PostgreSQL pool', () => {
  installPooledTransactionFix();

  it('give the client back when BEGIN fails (the connection died), destroying it, and report the BEGIN error', async () => {
    const dead = new Error('Connection terminated unexpectedly');
    const { pool, released } = fakePool(() => dead);
    const db = drizzle(pool);
    let ran = false;
    await expect(db.transaction(async () => void (ran = true))).rejects.toThrow();
    expect(ran).toBe(false);
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error); // released with an error: the pool drops the client
  });

  it('give a healthy client back as healthy after a commit, and after a rolled-back failure', async () => {
    const { pool, released, statements } = fakePool(() => null);
    const db = drizzle(pool);
    expect(await db.transaction(async (tx) => (await tx.execute(sql`select 1`), 'done'))).toBe('done');
    await expect(
      db.transaction(async () => {
        throw new Error('not allowed');
      }),
    ).rejects.toThrow('not allowed'); // the caller's own error, not a rollback's
    await db.transaction(async () => undefined, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    expect(released).toEqual([undefined, undefined, undefined]);
    expect(statements).toEqual(['begin', 'select 1', 'commit', 'begin', 'rollback', 'begin isolation level repeatable read read only', 'commit']);
  });

  it('destroy the client when its rollback fails too, and report the error that ended the transaction', async () => {
    let down = false;
    const { pool, released } = fakePool(() => (down ? new Error('Connection terminated unexpectedly') : null));
    const db = drizzle(pool);
    await expect(
      db.transaction(async () => {
        down = true;
        throw new Error('the statement failed');
      }),
    ).rejects.toThrow('the statement failed');
    expect(released).toHaveLength(1);
    expect(String((released[0] as Error & { cause?: Error }).cause?.message)).toMatch(/terminated/); // released with the error: destroyed
  });
});
