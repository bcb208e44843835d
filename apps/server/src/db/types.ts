import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as schema from './schema';

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;

/** A transaction handle; repositories accept either the database or a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** True for a PostgreSQL unique violation (optionally of the named constraint), through Drizzle's wrapper. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: string; constraint?: string; message?: string };
    if (pgErr.code === '23505') {
      if (!constraint) return true;
      return pgErr.constraint === constraint || (pgErr.message ?? '').includes(constraint);
    }
  }
  return false;
}
