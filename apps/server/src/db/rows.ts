/**
 * Raw query results as either driver hands them over. Drizzle's typed selects need none of this; a
 * `db.execute` of hand-written SQL does: its result's shape, and the text some values arrive as.
 */

/** The rows of a raw `db.execute` result: node-postgres answers `{ rows }`, PGlite through Drizzle the same or the rows themselves. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** A text[] as the driver hands it over: an array, or PostgreSQL's `{a,b}` literal. */
export function textArray(v: string[] | string | null | undefined): string[] {
  if (!v) return [];
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
}

/** A boolean as the driver hands it over: true, or PostgreSQL's text for it ('t', 'true'); anything else is false. */
export const pgBool = (v: unknown): boolean => v === true || v === 't' || v === 'true';
