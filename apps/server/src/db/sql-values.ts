import { sql, type SQL } from 'drizzle-orm';

/** A list of texts as a bound `text[]` in hand-written SQL (`'{}'::text[]` when empty): each value a parameter. */
export const textArraySql = (values: readonly string[]): SQL =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;
