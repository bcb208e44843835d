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
