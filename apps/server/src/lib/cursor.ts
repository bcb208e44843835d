import { badRequest } from './errors';

/**
 * Keyset paging for every list ordered newest first by (created_at, id).
 *
 * PostgreSQL keeps timestamps to the microsecond; a JavaScript Date keeps milliseconds. A cursor
 * built from a Date falls between rows written within the same millisecond, and paging then skips
 * or repeats them. So the cursor carries the timestamp exactly as PostgreSQL renders it (UTC, six
 * fractional digits, selected with `cursorKey` of db/keyset.ts) and the row's id for ties, opaque
 * to clients (base64url); the comparison (`olderThan`) is done by PostgreSQL on its own values.
 */
export interface Cursor {
  /** created_at exactly as PostgreSQL gave it: `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const IDS = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  text: /^[0-9A-Za-z_-]{1,64}$/,
};

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at}|${c.id}`, 'utf8').toString('base64url');
}

/**
 * Decodes a cursor from a client; anything that is not one of ours is a 400 (never a database
 * error). `id` is the kind of the list's id column.
 */
export function decodeCursor(cursor: string, opts: { id?: 'uuid' | 'text'; field?: string } = {}): Cursor {
  const field = opts.field ?? 'cursor';
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const [at, id, ...rest] = text.split('|');
  // A real instant: the text must survive a round trip (no 30 February; PostgreSQL would refuse it).
  const real = at && AT.test(at) && !Number.isNaN(Date.parse(at)) && new Date(at).toISOString().slice(0, 23) === at.slice(0, 23);
  if (rest.length || !real || !id || !IDS[opts.id ?? 'uuid'].test(id)) {
    throw badRequest('Not a valid cursor', { [field]: 'invalid_format' });
  }
  return { at, id };
}

/** The next cursor of a page fetched with one row more than `limit`: null on the last page. */
export function nextCursor<T>(rows: T[], limit: number, key: (row: T) => Cursor): string | null {
  return rows.length > limit ? encodeCursor(key(rows[limit - 1]!)) : null;
}
