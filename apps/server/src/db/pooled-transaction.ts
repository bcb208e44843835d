import { sql, type SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** What the method below reads of a session: drizzle declares these private. */
interface SessionInternals {
  client: pg.Pool | pg.PoolClient | pg.Client;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

let installed = false;

/**
 * drizzle-orm's node-postgres `transaction()` (0.45) checks a client out of the pool and runs BEGIN
 * before its try/finally. When BEGIN fails (the connection died: a database restart, a cut network)
 * the client is never released, so the pool loses it for good and `pool.end()` waits for it forever,
 * which is what hung a shutdown after an outage. And when ROLLBACK fails for the same reason, the
 * dead client goes back to the pool as if it were healthy. (Known upstream: drizzle-orm issues 6023,
 * 6114 and 6241, not fixed in a release yet.)
 *
 * This replaces the method with the same steps, BEGIN inside the guard, the client destroyed
 * (released with the error) when its rollback failed, and the caller given the error that ended the
 * transaction rather than the rollback's. Nested transactions (savepoints) are drizzle's own.
 */
export function installPooledTransactionFix() {
  if (installed) return;
  installed = true;
  NodePgSession.prototype.transaction = async function transaction<T>(
    this: NodePgSession<Record<string, unknown>, never>,
    body: (tx: NodePgTransaction<Record<string, unknown>, never>) => Promise<T>,
    config?: PgTransactionConfig,
  ): Promise<T> {
    const self = this as unknown as SessionInternals;
    const pooled = self.client instanceof pg.Pool || Object.getPrototypeOf(self.client).constructor.name.includes('Pool');
    const client = pooled ? await (self.client as pg.Pool).connect() : null;
    const session = client ? new NodePgSession(client, self.dialect, self.schema, self.options) : this;
    const tx = new NodePgTransaction<Record<string, unknown>, never>(self.dialect, session as never, self.schema as never);
    let broken: Error | undefined;
    try {
      const options = config ? (tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): SQL }).getTransactionConfigSQL(config) : undefined;
      await tx.execute(sql`begin${options ? sql` ${options}` : undefined}`);
      const result = await body(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      // After a failed BEGIN or COMMIT a ROLLBACK is harmless (a warning outside a transaction);
      // when it fails too, the connection is gone.
      await tx.execute(sql`rollback`).catch((err: unknown) => {
        broken = err instanceof Error ? err : new Error(String(err));
      });
      throw error;
    } finally {
      client?.release(broken);
    }
  } as typeof NodePgSession.prototype.transaction;
}
