import type { Database } from '../db/client';

/**
 * Counts the round trips the app makes to its database (both drivers: PGlite's `query`/`exec`,
 * node-postgres' pool `query`), so a test can bound what one request costs. Background work on
 * the same client (the job queue's polling) is left out by its schema name.
 */
export function countQueries(database: Database) {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const texts: string[] = [];
  const patched: [string, unknown][] = [];
  for (const method of ['query', 'exec']) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    patched.push([method, original]);
    client[method] = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      const text = typeof first === 'string' ? first : String((first as { text?: string })?.text ?? '');
      if (!/pgboss/i.test(text)) texts.push(text);
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  return {
    /** The statements sent since the last reset. */
    texts,
    get count() {
      return texts.length;
    },
    reset() {
      texts.length = 0;
    },
    restore() {
      for (const [method, original] of patched) client[method] = original;
    },
  };
}
