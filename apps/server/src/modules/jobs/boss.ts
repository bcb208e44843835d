import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Db } from '../../db/client';

/** The schema pg-boss keeps its tables in, apart from the application's. */
export const BOSS_SCHEMA = 'pgboss';

/**
 * How pg-boss reaches the database: the application's own connection (the PGlite instance, or the
 * PostgreSQL pool), so jobs live in the same database as the rows they are about.
 */
export function bossDb(db: Db): PgBoss.Db {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const lite = client;
    return {
      async executeSql(text, values) {
        // pg-boss sends its schema and maintenance commands as one text of several statements
        // without parameters: those go through exec (query prepares a single statement).
        if (!values || values.length === 0) {
          const results = await lite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return lite.query(text, values);
      },
    };
  }
  const pool = client as pg.Pool;
  return {
    // Without values node-postgres uses the simple protocol, which takes several statements.
    executeSql: (text, values) => (values && values.length ? pool.query(text, values) : pool.query(text)),
  };
}

export interface BossOptions {
  /** Runs cron schedules and maintenance in this process (both are coordinated in the database). */
  schedule?: boolean;
  supervise?: boolean;
  pollingIntervalSeconds?: number;
}

/** Counts the statements under way, so that shutdown can wait for the last one before closing. */
export function trackedDb(db: PgBoss.Db) {
  let inFlight = 0;
  return {
    async executeSql(text: string, values: unknown[]) {
      inFlight++;
      try {
        return await db.executeSql(text, values);
      } finally {
        inFlight--;
      }
    },
    get inFlight() {
      return inFlight;
    },
  };
}

export function createBoss(db: PgBoss.Db, opts: BossOptions = {}): PgBoss {
  return new PgBoss({
    db,
    schema: BOSS_SCHEMA,
    schedule: opts.schedule ?? true,
    supervise: opts.supervise ?? true,
    migrate: true,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
    // Finished jobs are kept a week for inspection, then dropped by maintenance.
    deleteAfterDays: 7,
  });
}
