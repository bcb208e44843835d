import { sql } from 'drizzle-orm';
import type { Tx } from './types';

/**
 * Serialises transactions that check-then-write one user's data (item count, photo count, credit
 * balance): a transaction-scoped advisory lock, released at commit or rollback. PGlite and
 * PostgreSQL both have it.
 */
export async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * {@link lockKey} for several keys in one statement, taken in one order (by their hash) whatever the
 * caller's, so that two transactions locking overlapping sets never wait on each other in a cycle.
 */
export async function lockKeys(tx: Tx, keys: string[]) {
  if (!keys.length) return;
  const list = sql.join(
    keys.map((k) => sql`(${k})`),
    sql`, `,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(h) from (select distinct hashtext(k) as h from (values ${list}) as x(k) order by h) as ordered`);
}
