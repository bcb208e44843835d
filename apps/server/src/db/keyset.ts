import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Cursor } from '../lib/cursor';

/** Keyset paging in SQL for the cursors of lib/cursor.ts (lists ordered by created_at desc, id desc). */

/** Selects a timestamp column as the exact text a cursor carries (microseconds, UTC). */
export function cursorKey(createdAt: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The where-clause of the page after `cursor` for a list ordered by (createdAt desc, id desc):
 * rows strictly older, or as old with a smaller id. Compared as a row value, so an index on
 * (…, created_at) serves it. Columns, or SQL for lists of raw SQL (aliases, grouped entries).
 */
export function olderThan(createdAt: AnyColumn | SQL, id: AnyColumn | SQL, cursor: Cursor, idType: 'uuid' | 'text' = 'uuid'): SQL {
  const idValue = idType === 'uuid' ? sql`${cursor.id}::uuid` : sql`${cursor.id}::text`;
  return sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${idValue})`;
}
