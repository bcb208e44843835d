import { is, sql } from 'drizzle-orm';
import { PgliteTransaction } from 'drizzle-orm/pglite';
import type { Tx } from './types';

/**
 * Whether the transaction is PGlite's: its one connection runs one transaction at a time, every other
 * query and transaction waiting for it to end (the client's own mutex), so an advisory lock there
 * waits for nobody and costs a statement (about a millisecond of the only thread).
 */
const runsAlone = (tx: Tx) => is(tx, PgliteTransaction);

/**
 * Serialises transactions that check-then-write one user's data (item count, photo count, credit
 * balance): a transaction-scoped advisory lock, released at commit or rollback, on PostgreSQL; on
 * PGlite, whose transactions never overlap, nothing.
 */
export async function lockKey(tx: Tx, key: string) {
  if (runsAlone(tx)) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * {@link lockKey} for several keys in one statement, taken in one order (by their hash) whatever the
 * caller's, so that two transactions locking overlapping sets never wait on each other in a cycle.
 */
export async function lockKeys(tx: Tx, keys: string[]) {
  if (!keys.length || runsAlone(tx)) return;
  const list = sql.join(
    keys.map((k) => sql`(${k})`),
    sql`, `,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(h) from (select distinct hashtext(k) as h from (values ${list}) as x(k) order by h) as ordered`);
}
