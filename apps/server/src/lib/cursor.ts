import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from './errors';

/**
 * Keyset paging for every list ordered newest first by (created_at, id).
 *
 * PostgreSQL keeps timestamps to the microsecond; a JavaScript Date keeps milliseconds. A cursor
 * built from a Date falls between rows written within the same millisecond, and paging then skips
 * or repeats them. So the cursor carries the timestamp exactly as PostgreSQL renders it (UTC, six
 * fractional digits, selected with `cursorKey`) and the row's id for ties, opaque to clients
 * (base64url), and the comparison is done by PostgreSQL on its own values.
 */
export interface Cursor {
  /** created_at exactly as PostgreSQL gave it: `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[0-9A-Za-z_-]{1,64}$/;

/** Selects a timestamp column as the exact text a cursor carries (microseconds, UTC). */
export function cursorKey(createdAt: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at}|${c.id}`, 'utf8').toString('base64url');
}

/** Decodes a cursor from a client; anything that is not one of ours is a 400. */
export function decodeCursor(cursor: string, field = 'cursor'): Cursor {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const [at, id, ...rest] = text.split('|');
  // A real instant: the text must survive a round trip (no 30 February; PostgreSQL would refuse it).
  const real = at && AT.test(at) && !Number.isNaN(Date.parse(at)) && new Date(at).toISOString().slice(0, 23) === at.slice(0, 23);
  if (rest.length || !real || !id || !ID.test(id)) {
    throw badRequest('Not a valid cursor', { [field]: 'Not a valid cursor' });
  }
  return { at, id };
}

/**
 * The where-clause of the page after `cursor` for a list ordered by (createdAt desc, id desc):
 * rows strictly older, or as old with a smaller id. Compared as a row value, so an index on
 * (…, created_at) serves it.
 */
export function olderThan(createdAt: AnyColumn, id: AnyColumn, cursor: Cursor, idType: 'uuid' | 'text' = 'uuid'): SQL {
  const idValue = idType === 'uuid' ? sql`${cursor.id}::uuid` : sql`${cursor.id}::text`;
  return sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${idValue})`;
}

/** The next cursor of a page fetched with one row more than `limit`: null on the last page. */
export function nextCursor<T>(rows: T[], limit: number, key: (row: T) => Cursor): string | null {
  return rows.length > limit ? encodeCursor(key(rows[limit - 1]!)) : null;
}
